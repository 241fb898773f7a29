import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

export type { ClassValue };

/**
 * Joins class names, skipping falsy ones, and lets a later Tailwind class replace an earlier one
 * that sets the same property (`cn("px-5 bg-primary", "px-3")` → "bg-primary px-3";
 * `cn("px-2", "p-4")` → "p-4"), so a component's `className` can override its defaults. clsx +
 * tailwind-merge: it knows every Tailwind group (padding sides, borders, rings…), where our own
 * version knew only the groups we had met.
 */
export function cn(...values: ClassValue[]): string {
  return twMerge(clsx(values));
}
