import { retrieveEvidenceAddressEndpoint } from "~/server/http/endpoints";
import { apiRoute } from "~/server/http/api-route";
import { withApi } from "~/server/http/with-api";
import { issueEvidenceAddress } from "~/server/evidence/evidence";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = apiRoute({
  GET: withApi(retrieveEvidenceAddressEndpoint, ({ params, ctx }) =>
    issueEvidenceAddress(ctx.db, ctx.tenant, params.id, params.evidence_id, { type: "api_key", id: ctx.keyId, ip: ctx.ip }),
  ),
});
