import type { ComponentProps } from "react";
import { cn, focusRing } from "./cn";

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
        "size-5 shrink-0 cursor-pointer rounded border-slate-400 accent-brand-600",
        focusRing,
        invalid && "outline-solid outline-2 outline-offset-2 outline-red-600",
        className,
      )}
      {...rest}
    />
  );
}
