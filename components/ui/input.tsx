import type { ComponentProps } from "react";
import { cn, focusRing } from "./cn";

export const controlBase =
  "block w-full rounded-md border bg-white text-slate-900 shadow-sm placeholder:text-slate-400 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500";

/** Border and ring of a control, red when `invalid`. */
export function controlState(invalid?: boolean) {
  return invalid ? "border-red-500 focus-visible:outline-red-600" : "border-slate-300 hover:border-slate-400 focus-visible:border-brand-600";
}

/** `lg`: 48 px, 16 px text (no zoom on iOS) for the hosted flow; `md`: 40 px, 14 px for the dashboard. */
export const CONTROL_SIZES = { md: "h-10 px-3 text-sm", lg: "h-12 px-3.5 text-base" } as const;

export interface InputProps extends Omit<ComponentProps<"input">, "size"> {
  size?: keyof typeof CONTROL_SIZES;
  invalid?: boolean;
}

export function Input({ size = "md", invalid, className, ...rest }: InputProps) {
  return <input aria-invalid={invalid || undefined} className={cn(controlBase, focusRing, controlState(invalid), CONTROL_SIZES[size], className)} {...rest} />;
}
