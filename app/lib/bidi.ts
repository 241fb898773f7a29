/**
 * Wraps text of unknown direction (a store's name, typed by its owner) in Unicode first-strong
 * isolates before it is interpolated into a translated sentence, so "Dye & Shade Co." keeps its
 * trailing dot in place inside Arabic text. In markup, prefer `dir="auto"` or <bdi>.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}
