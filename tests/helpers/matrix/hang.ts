/**
 * The route matrix's one time limit: a request that never answers. Its phases have none (a busy
 * machine makes a pass slow, not wrong); see REQUEST_HANG_MS in route-matrix-suite.ts.
 */

/** Thrown when a request has not answered in time: the phase stops, and no later one starts. */
export class Stalled extends Error {
  constructor(
    readonly probe: string,
    limitMs: number,
  ) {
    super(`no answer in ${limitMs / 1000} s: ${probe}`);
  }
}

/** `answer`, or a `Stalled` naming `probe` once `limitMs` have passed without it. */
export function answerWithin<T>(answer: Promise<T>, limitMs: number, probe: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Stalled(probe, limitMs)), limitMs);
  });
  return Promise.race([answer, hang]).finally(() => clearTimeout(timer));
}
