/**
 * Inngest serve endpoint. In server mode (INNGEST_* set) Inngest calls it to sync (`PUT`) and
 * run (`POST`) the app's functions, with signatures verified by the SDK. In embedded mode the
 * executor calls the same handler in-process (inngest/start.ts), and the SDK runs in dev mode
 * without signatures, so `POST` / `PUT` are not exposed over HTTP: anyone could otherwise run
 * functions with forged step results. `GET` (introspection: SDK mode, function count, keys
 * present) is not exposed either; in server mode the SDK answers it only to a request signed
 * with the signing key (401 otherwise).
 */
import { usesInngestServer } from "../../../server/env";
import { inngestServe } from "../../../inngest/serve";

export const dynamic = "force-dynamic";

function notExposed(): Response {
  return Response.json(
    { error: "The embedded Inngest executor runs functions in-process; this endpoint only executes for a configured Inngest server." },
    { status: 404 },
  );
}

export const GET = usesInngestServer() ? inngestServe.GET : notExposed;
export const POST = usesInngestServer() ? inngestServe.POST : notExposed;
export const PUT = usesInngestServer() ? inngestServe.PUT : notExposed;
