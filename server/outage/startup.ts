/**
 * Starting while the database is down (decision 020): the process keeps trying, with a pause
 * that doubles up to a few seconds, instead of exiting; meanwhile the port is open and every
 * request is answered 503 (`/healthz` says unavailable), and the real app takes the same server
 * over once the database answered.
 */
import { createServer, type RequestListener, type Server } from "node:http";
import { sendUnavailable } from "./page";
import { logger } from "../../app/lib/log.server";

export async function untilDatabase<T>(
  what: string,
  attempt: () => Promise<T>,
  { log = (line: string) => logger.warn(line), firstDelayMs = 250, maxDelayMs = 5_000 } = {},
): Promise<T> {
  for (let delay = firstDelayMs; ; delay = Math.min(delay * 2, maxDelayMs)) {
    try {
      return await attempt();
    } catch (error) {
      log(`${what}: database unavailable (${(error as Error).message}); trying again in ${delay} ms`);
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

export interface StartingServer {
  /** The app takes over the listening server. */
  handOver(listener: RequestListener): Server;
  /** Stops listening (a cluster primary, before its workers take the port). */
  close(): Promise<void>;
}

const whileStarting: RequestListener = (req, res) => {
  if ((req.url ?? "").split("?")[0] === "/healthz") {
    res.writeHead(503, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify({ status: "unavailable" }));
    return;
  }
  sendUnavailable(req, res);
};

export function listenWhileStarting(port: number, host: string): StartingServer {
  let listener = whileStarting;
  const server = createServer((req, res) => listener(req, res));
  // A port already taken is a setting to fix, not a state to wait out.
  server.once("error", (error) => {
    logger.fatal(`Could not listen on ${host}:${port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(port, host);
  return {
    handOver(next) {
      listener = next;
      return server;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
