import type { ComponentProps } from "react";
import { cn, focusRing } from "./cn";
import { controlBase, controlState } from "./input";

export interface TextareaProps extends ComponentProps<"textarea"> {
  invalid?: boolean;
}

export function Textarea({ invalid, className, rows = 3, ...rest }: TextareaProps) {
  return (
    <textarea
      rows={rows}
      aria-invalid={invalid || undefined}
      className={cn(controlBase, focusRing, controlState(invalid), "px-3 py-2 text-sm", className)}
      {...rest}
    />
  );
}
