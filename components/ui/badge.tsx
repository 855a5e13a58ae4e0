import { cn } from "./cn";

export type BadgeTone = "gray" | "blue" | "sky" | "violet" | "amber" | "orange" | "green" | "red";

const TONES: Record<BadgeTone, { badge: string; dot: string }> = {
  gray: { badge: "bg-slate-100 text-slate-700 ring-slate-500/20", dot: "bg-slate-400" },
  blue: { badge: "bg-blue-50 text-blue-700 ring-blue-600/20", dot: "bg-blue-500" },
  sky: { badge: "bg-sky-50 text-sky-700 ring-sky-600/20", dot: "bg-sky-500" },
  violet: { badge: "bg-violet-50 text-violet-700 ring-violet-600/20", dot: "bg-violet-500" },
  amber: { badge: "bg-amber-50 text-amber-800 ring-amber-600/25", dot: "bg-amber-500" },
  orange: { badge: "bg-orange-50 text-orange-800 ring-orange-600/20", dot: "bg-orange-500" },
  green: { badge: "bg-emerald-50 text-emerald-700 ring-emerald-600/20", dot: "bg-emerald-500" },
  red: { badge: "bg-red-50 text-red-700 ring-red-600/20", dot: "bg-red-500" },
};

export function Badge({ tone = "gray", dot = false, className, children }: { tone?: BadgeTone; dot?: boolean; className?: string; children: React.ReactNode }) {
  return (
    <span
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        TONES[tone].badge,
        className,
      )}
    >
      {dot ? <span aria-hidden="true" className={cn("size-1.5 rounded-full", TONES[tone].dot)} /> : null}
      {children}
    </span>
  );
}
