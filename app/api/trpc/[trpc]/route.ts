import { TRPCError } from "@trpc/server";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { OFFLINE_EKYC_MAX_BASE64 } from "~/server/checks/validators/aadhaar-offline";
import { MAX_JSON_BODY_BYTES, readCappedBody } from "~/server/http/capped-body";
import { createTRPCContext } from "~/server/trpc/init";
import { appRouter } from "~/server/trpc/root";

export const dynamic = "force-dynamic";

/**
 * The largest body a tRPC request may have: the hosted flow's Aadhaar offline e-KYC ZIP (5 MiB,
 * base64) plus the JSON body limit for the rest of a batch. Read with this cap before tRPC
 * parses anything and before a token or session is checked; over it, every call of the
 * request answers PAYLOAD_TOO_LARGE (413).
 */
export const MAX_TRPC_BODY_BYTES = OFFLINE_EKYC_MAX_BASE64 + MAX_JSON_BODY_BYTES;

const tooLarge = () => new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: `Requests are limited to ${(MAX_TRPC_BODY_BYTES / 1024 / 1024).toFixed(1)} MiB.` });

const handler = async (req: Request) => {
  let refused: TRPCError | null = null;
  let body: Uint8Array<ArrayBuffer> | null = null;
  if (req.method !== "GET" && req.method !== "HEAD") {
    try {
      body = await readCappedBody(req, MAX_TRPC_BODY_BYTES, tooLarge);
    } catch (err) {
      if (!(err instanceof TRPCError)) throw err;
      refused = err;
    }
  }
  return fetchRequestHandler({
    endpoint: "/api/trpc",
    req: new Request(req.url, { method: req.method, headers: req.headers, body, signal: req.signal }),
    router: appRouter,
    createContext: () => {
      if (refused) throw refused;
      return createTRPCContext({ headers: req.headers });
    },
    onError({ error, path }) {
      if (error.code === "INTERNAL_SERVER_ERROR") console.error(JSON.stringify({ level: "error", msg: "trpc error", path, error: error.message }));
    },
  });
};

export { handler as GET, handler as POST };
