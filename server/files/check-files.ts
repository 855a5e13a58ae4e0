/**
 * The files a direct check reads (`CheckDefinition.files`, server/checks/catalog.ts): before a
 * check is created, each file id must name a file of the tenant (hosted-flow evidence or a Files
 * API upload of the key's project and mode), and a Files API upload must have been uploaded
 * for a purpose the field takes (a selfie is no identity document). Hosted-flow evidence has no
 * purpose and is taken as it is, as before the Files API existed.
 */
import type { Db } from "../db";
import { DomainError, notFound } from "../errors";
import { type Tenant, tenantWhere } from "../tenant";
import type { FilePurpose } from "./file.schemas";

/** One file field of a check's input: its parameter name, the ids given, and the purposes it takes. */
export interface CheckFileField {
  param: string;
  ids: readonly string[];
  /** True for an array field: the parameter of the n-th id is `<param>.<n>`. */
  many?: boolean;
  purposes: readonly FilePurpose[];
}

/**
 * @throws DomainError resource_missing (404, param: the field, e.g. `file_ids.1`) for an id that
 *   is no file of the tenant; file_purpose_invalid (400) for a Files API upload of another purpose.
 */
export async function assertCheckFiles(db: Db, tenant: Tenant, fields: readonly CheckFileField[]): Promise<void> {
  const ids = [...new Set(fields.flatMap((f) => f.ids))];
  if (!ids.length) return;
  const rows = await db.evidenceFile.findMany({ where: { id: { in: ids }, ...tenantWhere(tenant) }, select: { id: true, purpose: true } });
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const field of fields) {
    for (const [i, id] of field.ids.entries()) {
      const param = field.many ? `${field.param}.${i}` : field.param;
      const row = byId.get(id);
      if (!row) throw notFound("file", id, param);
      if (row.purpose !== null && !(field.purposes as readonly string[]).includes(row.purpose)) {
        throw new DomainError(
          "file_purpose_invalid",
          `File '${id}' was uploaded with purpose '${row.purpose}'; '${field.param}' takes files of purpose ${field.purposes.map((p) => `'${p}'`).join(" or ")}.`,
          { param },
        );
      }
    }
  }
}
