import { retrieveSessionEndpoint } from "~/server/http/endpoints";
import { withApi } from "~/server/http/with-api";
import { getSession } from "~/server/sessions/session.dto";

export const dynamic = "force-dynamic";

export const GET = withApi(retrieveSessionEndpoint, ({ params, query, ctx }) => getSession(ctx.db, ctx.tenant, params.id, query.expand));
