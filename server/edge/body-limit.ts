/**
 * The request body limit, counted as the bytes arrive (issue 8). `Content-Length` is checked
 * first as a shortcut, but a chunked body has none: this stream counts what actually comes and
 * fails at the limit, and the caller answers 413 and reads no further.
 */
import { Transform, type Readable, type TransformCallback } from "node:stream";

/** Largest request body accepted: a 5 MB photo plus the rest of its form. */
export const MAX_BODY_BYTES = 8 * 1024 * 1024;

export class BodyTooLarge extends Error {
  constructor() {
    super("Request body too large");
  }
}

/**
 * `source` piped through a byte counter. Past `limit` the counter fails with BodyTooLarge and
 * calls `onTooLarge`; `pipe` then unhooks the source, which stays paused: nothing more is read.
 */
export function limitBody(source: Readable, limit: number, onTooLarge: () => void): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) {
        source.unpipe(counter);
        source.pause();
        onTooLarge();
        done(new BodyTooLarge());
        return;
      }
      done(null, chunk);
    },
  });
  return source.pipe(counter);
}
