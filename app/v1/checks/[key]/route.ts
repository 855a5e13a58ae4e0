/**
 * `/v1/checks/{key}`: POST runs a check by key; GET retrieves a check by id (the same path
 * segment, `{key}` in both endpoints: check keys contain dots, check ids start with `chk_`).
 */
import { getCheck, runDirectCheck } from "~/server/checks/direct-check";
import { retrieveCheckEndpoint, runCheckEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { WithStatus } from "~/server/http/pipeline/endpoint";
import { withApi } from "~/server/http/with-api";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  POST: withApi(runCheckEndpoint, async ({ params, query, body, ctx }) => {
    const r = await runDirectCheck(ctx.db, ctx.tenant, params.key, body, { async: query.async === "true" });
    return new WithStatus(r.status, r.check);
  }),
  GET: withApi(retrieveCheckEndpoint, ({ params, ctx }) => getCheck(ctx.db, ctx.tenant, params.key)),
});
