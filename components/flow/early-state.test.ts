/** The inline script that asks for the flow's state before the bundle runs, and the app taking its answer. */
import { runInNewContext } from "node:vm";
import superjson from "superjson";
import { afterEach, describe, expect, it, vi } from "vitest";
import { EARLY_STATE_WAIT_MS, earlyStateScript, takeEarlyState, whenEarlyState } from "./early-state";

const TOKEN = "st_abcdefghijklmnop";

/** Runs the page's script as a browser would, with this fragment, stored token and server answer; returns the fetch calls. */
function runScript(sessionId: string, { hash = "", stored = null as string | null, status = 200, body = {} as unknown, stall = false } = {}) {
  const fetch = vi.fn((_url: string, _init: { headers: Record<string, string> }) =>
    stall ? new Promise<never>(() => undefined) : Promise.resolve({ ok: status < 400, json: () => Promise.resolve(body) }),
  );
  const window: Record<string, unknown> = {};
  runInNewContext(earlyStateScript(sessionId), {
    window,
    location: { hash },
    sessionStorage: { getItem: (k: string) => (k === `verify.flow.token.${sessionId}` ? stored : null) },
    fetch,
    URLSearchParams,
    RegExp,
  });
  vi.stubGlobal("window", window);
  return fetch;
}

afterEach(() => vi.unstubAllGlobals());

describe("early flow state", () => {
  it("asks for the state with the fragment's token in the Authorization header only, and the app takes the answer once", async () => {
    const state = { session: { id: "ses_1", expiresAt: new Date("2026-12-01T00:00:00Z") } };
    const fetch = runScript("ses_1", { hash: `#t=${TOKEN}&x=1`, body: { result: { data: superjson.serialize(state) } } });
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(`/api/trpc/flow.state?input=${encodeURIComponent(JSON.stringify({ json: { sessionId: "ses_1" } }))}`);
    expect(url).not.toContain(TOKEN);
    expect(init.headers).toEqual({ authorization: `Bearer ${TOKEN}` });
    const seen = vi.fn();
    whenEarlyState(seen); // does not take it
    expect(await takeEarlyState("ses_1")).toEqual(state); // Dates come back as Dates (superjson)
    expect(seen).toHaveBeenCalledWith(state);
    expect(takeEarlyState("ses_1")).toBeNull();
  });

  it("uses this tab's stored token after a reload (no fragment), and nothing that is not a token", () => {
    expect(runScript("ses_2", { stored: TOKEN })).toHaveBeenCalledTimes(1);
    expect(runScript("ses_2", { hash: "#t=nope", stored: "bad" })).not.toHaveBeenCalled();
    expect(takeEarlyState("ses_2")).toBeNull();
  });

  it("gives null for an error answer (the app asks again and shows it) and for another session", async () => {
    runScript("ses_3", { hash: `#t=${TOKEN}`, status: 401, body: { error: { json: { message: "expired" } } } });
    expect(await takeEarlyState("ses_3")).toBeNull();
    runScript("ses_3", { hash: `#t=${TOKEN}` });
    expect(takeEarlyState("ses_other")).toBeNull();
  });

  it("stops waiting for a stalled answer, so the app asks on its own", async () => {
    vi.useFakeTimers();
    try {
      runScript("ses_4", { hash: `#t=${TOKEN}`, stall: true });
      const state = takeEarlyState("ses_4");
      vi.advanceTimersByTime(EARLY_STATE_WAIT_MS);
      expect(await state).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps a session id from the URL inert inside the script", () => {
    const fetch = runScript(`</script><script>alert(1)</script>"+x+"`, { hash: `#t=${TOKEN}` });
    expect(earlyStateScript("</script>")).not.toContain("</script>");
    expect(decodeURIComponent(fetch.mock.calls[0]![0])).toContain(`"sessionId":"</script><script>alert(1)</script>\\"+x+\\""`);
  });
});
