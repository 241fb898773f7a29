/** A uuid as ids are written in paths, queries and forms (any version, any case). */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id lower-cased when it is a uuid, else null. */
export const uuidOrNull = (raw: string): string | null => (UUID_PATTERN.test(raw) ? raw.toLowerCase() : null);
