"use client";
import { useEffect, useState } from "react";

function secondsUntil(deadline: number | null): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** Whole seconds left until `deadline` (ms since epoch, or null), ticking once a second. */
export function useCountdown(deadline: number | null): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(deadline));
  useEffect(() => {
    setSeconds(secondsUntil(deadline));
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const s = secondsUntil(deadline);
      setSeconds(s);
      if (s === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return seconds;
}

/** `0:27`, `14:05`. */
export function formatSeconds(total: number): string {
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, "0")}`;
}
