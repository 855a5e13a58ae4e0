/**
 * The session's state, asked for before the flow's script bundle runs (issue 18, "fast on a
 * cheap phone"). The client token is in the URL fragment, which never reaches the server
 * (./client-token.ts), so the page cannot render the step itself; without this, the browser
 * would ask for the state only once ~200 KiB of script had downloaded and run, and paint the
 * step a network round trip after that.
 *
 * `earlyStateScript(sessionId)` is a small inline script the flow's page puts right after the
 * server's picture of the first screen (an inline script waits for the page's stylesheet and holds
 * the HTML parser meanwhile, so before the picture it would delay the first paint):
 * it reads the token as `takeClientToken` does (the fragment's `t=`, else this tab's stored
 * one; it leaves both in place, the app takes them as before) and starts the `flow.state`
 * query with `Authorization: Bearer st_...` (the token never goes into a URL). The app then
 * takes that response (`takeEarlyState`) instead of asking again, and starts loading the
 * current step's code as soon as it arrives (`whenEarlyState`).
 *
 * The request is tRPC's HTTP form of a query, https://trpc.io/docs/rpc: `GET
 * /api/trpc/<path>?input=<JSON>`, input and output encoded by the router's transformer
 * (superjson: `{ json, meta }`), the answer `{ result: { data } }` or `{ error }`.
 */
import superjson from "superjson";
import { TOKEN_PATTERN, tokenStorageKey } from "./client-token";
import type { FlowState } from "./flow-types";

/** The window property the inline script leaves its request on. */
const GLOBAL = "__verifyEarlyState";
/** How long the app waits for that answer before asking on its own (a stalled request must not hold the page). */
export const EARLY_STATE_WAIT_MS = 8000;

interface EarlyState {
  sessionId: string;
  /** The response's status and JSON body (null when the body is not JSON). */
  response: Promise<{ ok: boolean; body: unknown }>;
}

/** `</script>`-safe JSON for a value inside the inline script. */
const inline = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The inline script's source for session `sessionId` (any string from the URL: encoded, never
 * interpolated raw). Runs in the browser before the bundle; never throws.
 */
export function earlyStateScript(sessionId: string): string {
  const input = `?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ sessionId })))}`;
  return `(function(g,id,key,re,url){try{var t=new URLSearchParams(location.hash.slice(1)).get("t");if(!t||!re.test(t)){t=null;try{t=sessionStorage.getItem(key)}catch(e){}if(!t||!re.test(t))return}window[g]={sessionId:id,response:fetch(url,{headers:{authorization:"Bearer "+t},credentials:"same-origin"}).then(function(r){return r.json().then(function(b){return{ok:r.ok,body:b}},function(){return{ok:r.ok,body:null}})})}}catch(e){}})(${inline(GLOBAL)},${inline(sessionId)},${inline(tokenStorageKey(sessionId))},new RegExp(${inline(TOKEN_PATTERN.source)}),${inline(`/api/trpc/flow.state${input}`)})`;
}

/** The inline script's request, read (and removed from `window`) on first use; null when there was none. */
let pending: { sessionId: string; state: Promise<FlowState | null> } | null = null;

function readRequest(): typeof pending {
  if (pending) return pending;
  const w = window as unknown as Record<string, EarlyState | undefined>;
  const early = w[GLOBAL];
  delete w[GLOBAL];
  if (!early) return null;
  const answer = early.response.then(
    ({ ok, body }) => {
      const data = ok ? (body as { result?: { data?: Parameters<typeof superjson.deserialize>[0] } } | null)?.result?.data : undefined;
      return data ? superjson.deserialize<FlowState>(data) : null;
    },
    () => null,
  );
  const state = Promise.race([answer, new Promise<null>((resolve) => setTimeout(() => resolve(null), EARLY_STATE_WAIT_MS))]);
  return (pending = { sessionId: early.sessionId, state });
}

/**
 * Calls `use` with the early state once it arrives (nothing when there is none or it failed),
 * without taking it: for work that can start before the app renders (loading the step's
 * code). Browser only.
 */
export function whenEarlyState(use: (state: FlowState) => void): void {
  void readRequest()?.state.then((s) => s && use(s));
}

/**
 * The state the inline script asked for, once (the request is forgotten after): a promise of
 * the session's state, or of null when the answer was an error or took longer than
 * `EARLY_STATE_WAIT_MS` (the app then asks as usual and shows what it gets); null when the script
 * did not ask for `sessionId` (no token, no script).
 * Browser only.
 */
export function takeEarlyState(sessionId: string): Promise<FlowState | null> | null {
  const request = readRequest();
  pending = null;
  return request && request.sessionId === sessionId ? request.state : null;
}
