import { useState, type FormEvent } from "react";

/**
 * What a form's fields hold right now, for a preview beside it: starts from `initial` (what the
 * page was rendered with, so the preview is right without JavaScript too) and follows every
 * input event. Only the keys of `initial` are read; a checkbox group reads as all its values.
 */
export function useLiveValues<T extends Record<string, string | string[]>>(initial: T) {
  const [values, setValues] = useState(initial);
  const onInput = (event: FormEvent<HTMLFormElement>) => {
    const data = new FormData(event.currentTarget);
    const next = { ...initial };
    for (const key of Object.keys(initial) as (keyof T & string)[]) {
      if (Array.isArray(initial[key])) {
        next[key] = data.getAll(key).filter((v): v is string => typeof v === "string") as T[typeof key];
      } else {
        const value = data.get(key);
        if (typeof value === "string") next[key] = value as T[typeof key];
      }
    }
    setValues(next);
  };
  return [values, onInput] as const;
}
