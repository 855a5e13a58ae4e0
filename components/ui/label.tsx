import type { ComponentProps } from "react";
import { cn } from "./cn";

export function Label({ className, ...rest }: ComponentProps<"label">) {
  return <label className={cn("block text-sm font-medium text-slate-800", className)} {...rest} />;
}
