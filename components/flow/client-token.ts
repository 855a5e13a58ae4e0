/**
 * The hosted flow's client token (decisions.md "Client tokens and the hosted flow"): it
 * arrives in the URL fragment (`#t=st_...`), which browsers never send to servers. On load we
 * keep it in sessionStorage (so a reload of this tab still works), then remove the fragment
 * with `history.replaceState`, so it does not stay in the address bar, the history entry or a
 * copied link. It is only ever sent as `Authorization: Bearer st_...` to the flow's own
 * procedures: never in a query string, a log line or analytics.
 */

/** Where this tab keeps session `sessionId`'s token (sessionStorage). */
export const tokenStorageKey = (sessionId: string) => `verify.flow.token.${sessionId}`;
/** What a client token looks like; anything else in the fragment or storage is ignored. */
export const TOKEN_PATTERN = /^st_[A-Za-z0-9_-]{8,200}$/;

/** In-memory fallback when sessionStorage is unavailable (private modes, disabled storage). */
const memory = new Map<string, string>();

function readFragmentToken(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("t");
  return token && TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * Reads the token for `sessionId`: a fresh one from the fragment wins (and is stored), else
 * the stored one. Always strips `t=` from the fragment. Browser only.
 */
export function takeClientToken(sessionId: string): string | null {
  const fromHash = readFragmentToken(window.location.hash);
  if (window.location.hash) {
    const rest = new URLSearchParams(window.location.hash.replace(/^#/, ""));
    rest.delete("t");
    const hash = rest.toString();
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}${hash ? `#${hash}` : ""}`);
  }
  if (fromHash) {
    memory.set(sessionId, fromHash);
    try {
      window.sessionStorage.setItem(tokenStorageKey(sessionId), fromHash);
    } catch {
      // storage unavailable: the in-memory copy serves this page view
    }
    return fromHash;
  }
  try {
    const stored = window.sessionStorage.getItem(tokenStorageKey(sessionId));
    if (stored && TOKEN_PATTERN.test(stored)) return stored;
  } catch {
    // fall through to memory
  }
  return memory.get(sessionId) ?? null;
}

/** Small per-tab preferences of the flow (language, the steps of a redo round). */
export function readFlowPref(sessionId: string, name: string): string | null {
  try {
    return window.sessionStorage.getItem(`verify.flow.${name}.${sessionId}`);
  } catch {
    return null;
  }
}

export function writeFlowPref(sessionId: string, name: string, value: string): void {
  try {
    window.sessionStorage.setItem(`verify.flow.${name}.${sessionId}`, value);
  } catch {
    // not persisted; fine
  }
}
