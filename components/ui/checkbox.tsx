import type { ComponentProps } from "react";
import { cn } from "./cn";

export interface CheckboxProps extends Omit<ComponentProps<"input">, "type"> {
  invalid?: boolean;
}

/** A native checkbox, sized for touch (24 px box inside the label's 44 px row). */
export function Checkbox({ invalid, className, ...rest }: CheckboxProps) {
  return (
    <input
      type="checkbox"
      aria-invalid={invalid || undefined}
      className={cn(
        "size-5 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-600 outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        invalid && "outline-2 outline-offset-2 outline-red-500",
        className,
      )}
      {...rest}
    />
  );
}
