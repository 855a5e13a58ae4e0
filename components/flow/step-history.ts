"use client";
/**
 * The step flow in the browser's history, so the system Back button (Android's above all) and
 * Forward move between steps like the flow's own Back button, and a reload stays where it was.
 *
 * Each history entry of the flow page carries `history.state.verifyFlow` (next to Next.js's own
 * keys, which its router keeps): the step it shows, whether it was opened from the summary, and
 * its depth. Moving on pushes an entry; going to the screen of the entry just below (or above)
 * traverses to it instead, so the stack stays the path the applicant took. An entry that can no
 * longer be shown (the consent, which is not taken back; a step of another round) acts as a
 * guard: Back landing on it keeps the screen and says that one more Back leaves the flow, so a
 * stray Back mid-way never leaves by accident. On the very first screen Back leaves as usual.
 *
 * Arriving mid-way (a resumed link), the entries below the current step (a guard, then each
 * step Back can reach) are added on the applicant's first tap or key press: Chromium skips,
 * on Back, entries a page added without a user gesture (its history manipulation intervention).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { readFlowPref, writeFlowPref } from "./client-token";

/** A submitted step shown again: reached with Back (`back`) or from the summary's edit links (`review`). */
export interface EditScreen {
  step: string;
  origin: "back" | "review";
}

interface Entry {
  session: string;
  /** the step shown; null for a guard */
  step: string | null;
  review: boolean;
  depth: number;
}

const STATE_KEY = "verifyFlow";

function readEntry(sessionId: string): Entry | null {
  const entry = (window.history.state as Record<string, Entry | undefined> | null)?.[STATE_KEY];
  return entry && entry.session === sessionId && typeof entry.depth === "number" ? entry : null;
}

/** Pushes or replaces this page's entry; Next.js's router adds its own keys to a pushed state. */
function writeEntry(kind: "push" | "replace", entry: Entry): void {
  if (kind === "push") window.history.pushState({ [STATE_KEY]: entry }, "");
  else window.history.replaceState({ ...(window.history.state as object | null), [STATE_KEY]: entry }, "");
}

const keyOf = (step: string | null, review: boolean) => (step === null ? "" : `${step}${review ? "@review" : ""}`);

export interface StepHistoryInput {
  sessionId: string;
  /** the first unfinished step (what the flow shows when nothing else is asked for) */
  currentStep: string | undefined;
  /** true when `step` can be shown again (submitted, in this round, not the consent) */
  canShow: (step: string) => boolean;
  /** the steps Back walks through from the current one, oldest first */
  backChain: readonly string[];
}

/**
 * The screen to show (`null`: the current step) and `navigate(to)`, which moves there through
 * the browser's history; `atGuard` is true after Back reached a guard entry.
 */
export function useStepHistory({ sessionId, currentStep, canShow, backChain }: StepHistoryInput) {
  const [screen, setScreen] = useState<EditScreen | null>(null);
  const [atGuard, setAtGuard] = useState(false);
  const depth = useRef(0);
  /** the keys of the entries by depth, as far as this tab knows them (kept across reloads) */
  const stack = useRef<string[]>([]);
  const latest = useRef({ currentStep, canShow, backChain });
  useEffect(() => {
    latest.current = { currentStep, canShow, backChain };
  });

  const remember = useCallback(
    (entries: string[], at: number) => {
      stack.current = entries;
      depth.current = at;
      writeFlowPref(sessionId, "history", JSON.stringify(entries));
    },
    [sessionId],
  );

  useEffect(() => {
    const show = (entry: Entry, onArrival: boolean) => {
      const { currentStep: current, canShow: showable } = latest.current;
      depth.current = entry.depth;
      if (entry.step !== null && entry.step !== current && showable(entry.step)) {
        setScreen({ step: entry.step, origin: entry.review ? "review" : "back" });
        setAtGuard(false);
      } else if (entry.step === current || onArrival) {
        setScreen(null);
        setAtGuard(false);
      } else {
        setAtGuard(true); // keep the screen: one more Back leaves
      }
    };
    try {
      const parsed: unknown = JSON.parse(readFlowPref(sessionId, "history") ?? "[]");
      stack.current = Array.isArray(parsed) ? parsed.map(String) : [];
    } catch {
      stack.current = [];
    }
    const onPopState = () => {
      const entry = readEntry(sessionId);
      if (entry) show(entry, false);
    };
    window.addEventListener("popstate", onPopState);
    const cleanup = () => window.removeEventListener("popstate", onPopState);

    const { currentStep: current, backChain: chain } = latest.current;
    const arrived = readEntry(sessionId);
    if (arrived) {
      show(arrived, true); // a reload, or Forward back into the page
    } else {
      writeEntry("replace", { session: sessionId, step: current ?? null, review: false, depth: 0 });
      remember([keyOf(current ?? null, false)], 0);
    }
    // mid-way on the page's first entry: a guard and the steps Back reaches go under it, on the first gesture
    if (!chain.length || (arrived && arrived.depth !== 0)) return cleanup;
    const arm = () => {
      window.removeEventListener("pointerdown", arm, true);
      window.removeEventListener("keydown", arm, true);
      const { currentStep: now, backChain: steps } = latest.current;
      const entry = readEntry(sessionId);
      if (entry?.depth !== 0 || entry.step === null || entry.step !== now) return;
      writeEntry("replace", { session: sessionId, step: null, review: false, depth: 0 });
      steps.forEach((step, i) => writeEntry("push", { session: sessionId, step, review: false, depth: i + 1 }));
      writeEntry("push", { session: sessionId, step: now ?? null, review: false, depth: steps.length + 1 });
      remember(["", ...steps.map((s) => keyOf(s, false)), keyOf(now ?? null, false)], steps.length + 1);
    };
    window.addEventListener("pointerdown", arm, true);
    window.addEventListener("keydown", arm, true);
    return () => {
      cleanup();
      window.removeEventListener("pointerdown", arm, true);
      window.removeEventListener("keydown", arm, true);
    };
  }, [sessionId, remember]);

  /**
   * Moves the browser's history to `to` (null: the current step): back or forward when that is
   * the neighbouring entry (its popstate shows it), else a new entry. True when it pushed one.
   */
  const moveTo = useCallback(
    (to: EditScreen | null): boolean => {
      const step = to?.step ?? latest.current.currentStep ?? null;
      const key = keyOf(step, to?.origin === "review");
      const at = depth.current;
      if (at > 0 && stack.current[at - 1] === key) {
        window.history.back();
        return false;
      }
      if (stack.current[at + 1] === key) {
        window.history.forward();
        return false;
      }
      writeEntry("push", { session: sessionId, step, review: to?.origin === "review", depth: at + 1 });
      remember([...stack.current.slice(0, at + 1), key], at + 1);
      return true;
    },
    [sessionId, remember],
  );

  /** Go to `to` (null: the current step), through the browser's history (`moveTo`). */
  const navigate = useCallback(
    (to: EditScreen | null) => {
      setAtGuard(false);
      if (moveTo(to)) setScreen(to);
    },
    [moveTo],
  );

  // the applicant finished the current step: the next one is no guard (adjusted during render) …
  const [seenCurrent, setSeenCurrent] = useState(currentStep);
  if (seenCurrent !== currentStep) {
    setSeenCurrent(currentStep);
    if (screen === null && currentStep) setAtGuard(false);
  }
  // … and gets its own history entry
  const shownCurrent = useRef(currentStep);
  useEffect(() => {
    if (shownCurrent.current === currentStep) return;
    shownCurrent.current = currentStep;
    if (screen === null && currentStep) moveTo(null);
  }, [currentStep, screen, moveTo]);

  return { screen, navigate, atGuard };
}
