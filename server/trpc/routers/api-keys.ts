import "server-only";
/** Dashboard: the secret API keys of a project and mode (owners, admins, developers). */
import { z } from "zod";
import { createNamedApiKey, listApiKeys, revokeApiKey } from "../../api-keys/manage-api-keys";
import { ZApiKey, ZCreateApiKeyRequest, ZCreatedApiKey } from "../../api-keys/manage-api-keys.schemas";
import { PERMISSIONS } from "../../users/permissions";
import { createTRPCRouter, projectProcedure } from "../init";

const keys = projectProcedure(PERMISSIONS.manageApiKeys);

export const apiKeysRouter = createTRPCRouter({
  list: keys.output(z.array(ZApiKey)).query(({ ctx }) => listApiKeys(ctx.db, ctx.tenant)),
  create: keys
    .input(ZCreateApiKeyRequest)
    .output(ZCreatedApiKey)
    .mutation(({ ctx, input }) => createNamedApiKey(ctx.db, ctx.tenant, { name: input.name }, { type: "user", id: ctx.userId, ip: ctx.ip })),
  revoke: keys
    .input(z.object({ id: z.string().min(1) }))
    .mutation(({ ctx, input }) => revokeApiKey(ctx.db, ctx.tenant, input.id, { type: "user", id: ctx.userId, ip: ctx.ip })),
});
