"use client";
import { useCallback, useSyncExternalStore } from "react";

function secondsUntil(deadline: number | null): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/**
 * Whole seconds left until `deadline` (ms since epoch, or null), ticking once a second. The
 * clock is an external store: read during render, with a once-a-second tick (stopped at 0) as
 * its subscription.
 */
export function useCountdown(deadline: number | null): number {
  const subscribe = useCallback(
    (onTick: () => void) => {
      if (deadline === null) return () => {};
      const timer = window.setInterval(() => {
        onTick();
        if (secondsUntil(deadline) === 0) window.clearInterval(timer);
      }, 1000);
      return () => window.clearInterval(timer);
    },
    [deadline],
  );
  const read = useCallback(() => secondsUntil(deadline), [deadline]);
  return useSyncExternalStore(subscribe, read, read);
}

/** `0:27`, `14:05`. */
export function formatSeconds(total: number): string {
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
