/**
 * SIGTERM's drain (decision 020): from the signal on, every new request is answered 503 with
 * `Connection: close` (the balancer in front tries another instance) while the requests already
 * in flight finish; `idle()` resolves when the last of them has.
 */
import type { RequestListener } from "node:http";
import { sendUnavailable } from "./page";

export interface Drain {
  /** `listener` with new requests refused once draining. */
  wrap(listener: RequestListener): RequestListener;
  readonly draining: boolean;
  readonly inFlight: number;
  /** Starts draining; resolves once no request is in flight. */
  idle(): Promise<void>;
}

export function drainable(): Drain {
  let draining = false;
  let inFlight = 0;
  let settle: (() => void) | undefined;
  const done = () => {
    inFlight--;
    if (draining && inFlight === 0) settle?.();
  };
  return {
    wrap: (listener) => (req, res) => {
      if (draining) {
        sendUnavailable(req, res, { close: true });
        return;
      }
      inFlight++;
      res.once("close", done);
      listener(req, res);
    },
    get draining() {
      return draining;
    },
    get inFlight() {
      return inFlight;
    },
    idle() {
      draining = true;
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => (settle = resolve));
    },
  };
}
