"use client";
import { useEffect, useState } from "react";

const absoluteFormat = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "medium" });
const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" });

export function formatAbsolute(date: Date | string): string {
  return absoluteFormat.format(new Date(date));
}

export function formatRelative(date: Date | string, now = Date.now()): string {
  const seconds = Math.round((new Date(date).getTime() - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return "just now";
  if (abs < 3600) return relativeFormat.format(Math.round(seconds / 60), "minute");
  if (abs < 86_400) return relativeFormat.format(Math.round(seconds / 3600), "hour");
  if (abs < 30 * 86_400) return relativeFormat.format(Math.round(seconds / 86_400), "day");
  return absoluteFormat.format(new Date(date));
}

/** "3 minutes ago", with the exact time in a tooltip; refreshes every minute. */
export function RelativeTime({ date, className }: { date: Date | string; className?: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  const d = new Date(date);
  return (
    <time dateTime={d.toISOString()} title={formatAbsolute(d)} className={className} suppressHydrationWarning>
      {formatRelative(d, now)}
    </time>
  );
}
