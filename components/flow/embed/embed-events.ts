"use client";
/**
 * The flow's side of the embeddable modal (public/embed/v1.js): when /embed.js opens the flow
 * in its iframe it adds `embed=1&parent=<the page's origin>` to the fragment. The flow then
 * tells that page what happens, by `postMessage` to exactly that origin (a message to any other
 * origin is never delivered, and only the project's allowed origins can frame the page at all:
 * server/embed/flow-frame-ancestors.ts). Messages: `{ source: "verify-flow", version: 1, type,
 * payload }`, types as embed.js documents them.
 */
import { useEffect, useRef } from "react";
import { readFlowPref, writeFlowPref } from "../client-token";
import type { FlowState } from "../flow-types";

export const EMBED_PROTOCOL = 1;

export type EmbedEvent =
  | { type: "ready"; payload: { session_id: string } }
  | { type: "step_completed"; payload: { session_id: string; step: string; step_type: string } }
  | { type: "completed"; payload: { session_id: string; status: string } }
  | { type: "cancelled"; payload: { session_id: string; reason: string } }
  | { type: "error"; payload: { session_id: string; code: string } };

/** `value` when it is exactly an http(s) origin, else null. */
export function asOrigin(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value ? value : null;
  } catch {
    return null;
  }
}

/**
 * The framing page's origin when this tab runs in the modal, else null. Reads (and removes)
 * `embed` and `parent` from the fragment, remembered for the tab so a reload keeps telling it.
 * Browser only.
 */
export function takeEmbedParent(sessionId: string): string | null {
  if (window.parent === window) return null;
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const fromHash = params.get("embed") === String(EMBED_PROTOCOL) ? asOrigin(params.get("parent")) : null;
  if (params.has("embed") || params.has("parent")) {
    params.delete("embed");
    params.delete("parent");
    const rest = params.toString();
    window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}${rest ? `#${rest}` : ""}`);
  }
  if (fromHash) writeFlowPref(sessionId, "embedParent", fromHash);
  return fromHash ?? asOrigin(readFlowPref(sessionId, "embedParent"));
}

/** Sends `event` to the framing page at `parent` (its origin); no-op outside the modal. */
export function postToParent(parent: string | null, event: EmbedEvent): void {
  if (!parent) return;
  window.parent.postMessage({ source: "verify-flow", version: EMBED_PROTOCOL, type: event.type, payload: event.payload }, parent);
}

const OUTCOMES = ["approved", "declined", "review"];
const CANCELLED = ["cancelled", "expired"];
const isOpen = (status: string) => status === "pending" || status === "in_progress";

/**
 * Tells the framing page what the flow does, each thing once: `ready` with the first state,
 * `step_completed` when a step leaves pending (on this device or the phone that took over),
 * `completed` at the outcome, `cancelled` for a cancelled or expired session, `error` for a
 * link problem (`code`: its reason) or a network failure.
 */
export function useEmbedEvents(parent: string | null, sessionId: string, data: FlowState | undefined, errorCode: string | null): void {
  const sent = useRef(new Set<string>());
  const steps = useRef<Map<string, string> | null>(null);
  useEffect(() => {
    if (!parent) return;
    const once = (key: string, event: EmbedEvent) => {
      if (sent.current.has(key)) return;
      sent.current.add(key);
      postToParent(parent, event);
    };
    if (errorCode && !data) once(`error:${errorCode}`, { type: "error", payload: { session_id: sessionId, code: errorCode } });
    if (!data) return;
    once("ready", { type: "ready", payload: { session_id: sessionId } });
    const before = steps.current;
    for (const s of data.steps) {
      const was = before?.get(s.name);
      if (was && isOpen(was) && !isOpen(s.status)) {
        once(`step:${s.name}`, { type: "step_completed", payload: { session_id: sessionId, step: s.name, step_type: s.type } });
      }
    }
    steps.current = new Map(data.steps.map((s) => [s.name, s.status]));
    const { status } = data.session;
    if (OUTCOMES.includes(status)) once("completed", { type: "completed", payload: { session_id: sessionId, status } });
    if (CANCELLED.includes(status)) once("cancelled", { type: "cancelled", payload: { session_id: sessionId, reason: `session_${status}` } });
  }, [parent, sessionId, data, errorCode]);
}
