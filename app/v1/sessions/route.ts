import { createSessionEndpoint, listSessionsEndpoint } from "~/server/http/endpoints";
import { withApi } from "~/server/http/with-api";
import { createSession } from "~/server/sessions/create-session";
import { listSessions } from "~/server/sessions/list-sessions";

export const dynamic = "force-dynamic";

export const POST = withApi(createSessionEndpoint, ({ body, ctx }) => createSession(ctx.db, ctx.tenant, body, { type: "api_key", id: ctx.keyId, ip: ctx.ip }));

export const GET = withApi(listSessionsEndpoint, ({ query, ctx }) => listSessions(ctx.db, ctx.tenant, query));
