import type { ComponentProps } from "react";
import { cn, focusRing } from "./cn";
import { CONTROL_SIZES, controlBase, controlState } from "./input";

export interface SelectProps extends Omit<ComponentProps<"select">, "size"> {
  size?: keyof typeof CONTROL_SIZES;
  invalid?: boolean;
}

/** A native select (best on phones and for keyboard users) with a chevron. */
export function Select({ size = "md", invalid, className, children, ...rest }: SelectProps) {
  return (
    <div className={cn("relative", className)}>
      <select
        aria-invalid={invalid || undefined}
        className={cn(controlBase, focusRing, controlState(invalid), CONTROL_SIZES[size], "appearance-none pr-9")}
        {...rest}
      >
        {children}
      </select>
      <svg
        viewBox="0 0 20 20"
        fill="currentColor"
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
      >
        <path
          fillRule="evenodd"
          d="M5.22 8.22a.75.75 0 0 1 1.06 0L10 11.94l3.72-3.72a.75.75 0 1 1 1.06 1.06l-4.25 4.25a.75.75 0 0 1-1.06 0L5.22 9.28a.75.75 0 0 1 0-1.06Z"
          clipRule="evenodd"
        />
      </svg>
    </div>
  );
}
