import "server-only";
/** Dashboard: the audit log browser and the record of its CSV export (owners and admins). */
import { ZAuditFilterOptions, ZAuditFilters, ZAuditListRequest, ZAuditPage } from "../../audit/audit-log.schemas";
import { auditFilterOptions, listAuditLog, recordAuditExport } from "../../audit/list-audit-log";
import { PERMISSIONS } from "../../users/permissions";
import { createTRPCRouter, projectProcedure } from "../init";

const auditors = projectProcedure(PERMISSIONS.readAuditLog);

export const auditRouter = createTRPCRouter({
  list: auditors
    .input(ZAuditListRequest)
    .output(ZAuditPage)
    .query(({ ctx, input }) => listAuditLog(ctx.db, ctx.tenant, input)),
  filterOptions: auditors.output(ZAuditFilterOptions).query(({ ctx }) => auditFilterOptions(ctx.db, ctx.tenant, ctx.organizationId)),
  /** Called by the export route before it streams the rows. */
  recordExport: auditors
    .input(ZAuditFilters)
    .mutation(({ ctx, input }) => recordAuditExport(ctx.db, ctx.tenant, input, { type: "user", id: ctx.userId, ip: ctx.ip })),
});
