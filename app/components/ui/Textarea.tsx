import type { TextareaHTMLAttributes } from "react";
import { cn } from "~/lib/cn";
import { CONTROL_CLASS } from "./Input";

/**
 * A <textarea> in the kit's look. A file of its own: Input.tsx is in the storefront's start-up
 * JavaScript (FormFields), which this admin control has no business growing.
 */
export function Textarea({ className, ...rest }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea {...rest} className={cn(CONTROL_CLASS, "min-h-11 py-2", className)} />;
}
