/**
 * The process's one logger (decision 021): JSON lines on stdout, one object per event, so a log
 * collector reads fields instead of parsing text. Everything that logs on the server (request
 * lines, Remix's unexpected errors, background jobs) goes through `logger`.
 */
import { pino, type DestinationStream, type Logger } from "pino";

function create(destination?: DestinationStream): Logger {
  return pino(
    {
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Level names ("info", "error"), not pino's numbers: readable without a lookup table.
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}

export let logger: Logger = create();

/** Tests read the lines: every later log call in this process writes to `destination`. */
export function logTo(destination: DestinationStream): Logger {
  logger = create(destination);
  return logger;
}

/** An error as a log field: its stack only when the caller decided it is worth one (a 5xx). */
export function errorFields(error: unknown): Record<string, unknown> {
  if (error instanceof Error)
    return { err: { type: error.name, message: error.message, stack: error.stack } };
  return { err: { message: String(error) } };
}
