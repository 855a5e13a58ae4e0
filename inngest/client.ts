/**
 * The one Inngest client of the app (STYLE.md 5), id `kyc-service`.
 *
 * - Server mode (`usesInngestServer()`: any of INNGEST_BASE_URL / INNGEST_EVENT_KEY /
 *   INNGEST_SIGNING_KEY set): a plain client for Inngest Cloud or self-hosted Inngest. With a
 *   signing key it runs in cloud mode (serve() verifies request signatures, sends need the
 *   event key); without one it talks to a dev server at INNGEST_BASE_URL.
 * - Embedded mode (none set): dev mode without signing, and its `fetch` answers the event API
 *   in-process (inngest/executor/sink.ts): `inngest.send()` stores the events in
 *   `inngest_events` and schedules the matching runs of the embedded executor. The base URL is
 *   a reserved `.invalid` host, so nothing can leak to a real server by accident.
 */
import { type ClientOptions, Inngest } from "inngest";
import { env, usesInngestServer } from "../server/env";
import { embeddedFetch } from "./executor/sink";

/** Base URL of the embedded mode: never resolvable, every call goes through `embeddedFetch`. */
export const EMBEDDED_BASE_URL = "http://inngest.embedded.invalid/";

function clientOptions(): Omit<ClientOptions, "id"> {
  if (usesInngestServer()) {
    return {
      isDev: !env.INNGEST_SIGNING_KEY,
      ...(env.INNGEST_BASE_URL ? { baseUrl: env.INNGEST_BASE_URL } : {}),
      ...(env.INNGEST_EVENT_KEY ? { eventKey: env.INNGEST_EVENT_KEY } : {}),
      ...(env.INNGEST_SIGNING_KEY ? { signingKey: env.INNGEST_SIGNING_KEY } : {}),
    };
  }
  return { isDev: true, baseUrl: EMBEDDED_BASE_URL, fetch: embeddedFetch as typeof fetch };
}

export const inngest = new Inngest({ id: "kyc-service", ...clientOptions() });
