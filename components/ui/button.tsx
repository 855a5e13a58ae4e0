import type { ComponentProps } from "react";
import { cn, focusRing } from "./cn";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "danger" | "success" | "warning" | "ghost";
export type ButtonSize = "sm" | "md" | "lg";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand-600 text-white shadow-sm hover:bg-brand-700 disabled:bg-brand-600/50",
  secondary: "border border-slate-300 bg-white text-slate-800 shadow-sm hover:bg-slate-50 disabled:text-slate-400",
  danger: "bg-red-600 text-white shadow-sm hover:bg-red-700 disabled:bg-red-600/50",
  success: "bg-emerald-700 text-white shadow-sm hover:bg-emerald-800 disabled:bg-emerald-700/50",
  warning: "bg-amber-700 text-white shadow-sm hover:bg-amber-800 disabled:bg-amber-700/50",
  ghost: "text-slate-700 hover:bg-slate-100 disabled:text-slate-400",
};

/** `lg` is the hosted flow's 48 px touch target; `md` (40 px) and `sm` are for the dashboard. */
const SIZES: Record<ButtonSize, string> = {
  sm: "h-8 gap-1.5 rounded-md px-3 text-xs",
  md: "h-10 gap-2 rounded-md px-4 text-sm",
  lg: "h-12 gap-2 rounded-lg px-5 text-base",
};

/** Classes of a button, for links styled as buttons (`<a>`, `<Link>`). */
export function buttonClasses({ variant = "primary", size = "md", block = false }: { variant?: ButtonVariant; size?: ButtonSize; block?: boolean } = {}) {
  return cn(
    "inline-flex shrink-0 select-none items-center justify-center font-medium whitespace-nowrap transition-colors disabled:cursor-not-allowed",
    focusRing,
    VARIANTS[variant],
    SIZES[size],
    block && "w-full",
  );
}

export interface ButtonProps extends ComponentProps<"button"> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  /** Shows a spinner and disables the button; the label stays, so its accessible name does not change. */
  loading?: boolean;
}

export function Button({ variant, size, block, loading = false, className, disabled, children, type = "button", ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      className={cn(buttonClasses({ variant, size, block }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner /> : null}
      {children}
    </button>
  );
}
