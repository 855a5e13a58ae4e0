/**
 * The one serve() configuration of the app's Inngest functions. `app/api/inngest/route.ts`
 * exposes it over HTTP (server mode); the embedded executor calls the very same handler
 * in-process with plain `Request`s (inngest/start.ts).
 */
import type { NextRequest } from "next/server";
import { serve } from "inngest/next";
import { inngest } from "./client";
import { functions } from "./functions";

/** The Next.js serve handler (`GET` introspection, `POST` execution, `PUT` sync). */
export const inngestServe = serve({ client: inngest, functions });

/** Calls the serve handler with a plain `Request` (any method), as the executor does. */
export function inngestHandler(request: Request): Promise<Response> {
  return inngestServe(request as NextRequest, undefined);
}
