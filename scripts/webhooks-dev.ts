/**
 * `npm run webhooks:dev`: a local webhook receiver (issue 38, decision 047) on 127.0.0.1 that
 * verifies each delivery's signature and prints the event, for the demo's webhook or your own.
 *
 *   npm run webhooks:dev                                   # the demo's port and secret
 *   npm run webhooks:dev -- --port 4400 --secret whsec_…   # your subscription's
 *
 * The server must run with WEBHOOKS_ALLOW_LOOPBACK=1 to deliver to 127.0.0.1 (the SSRF guard
 * refuses loopback otherwise). A bad signature is answered 401 (the store does not retry a 4xx);
 * an event older than one already printed for its resource is said to be stale (its sequence).
 */
import { createServer } from "node:http";
import { DEMO_WEBHOOK } from "../app/db/seed/accounts";
import { verifySignature } from "../app/services/webhooks/signature.server";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const port = Number(option("port") ?? process.env.WEBHOOKS_DEV_PORT ?? DEMO_WEBHOOK.port);
const secret = option("secret") ?? process.env.WEBHOOKS_DEV_SECRET ?? DEMO_WEBHOOK.secret;
/** The last sequence number seen per resource, to tell a stale event. */
const lastSequence = new Map<string, number>();

const server = createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk: string) => (body += chunk));
  req.on("end", () => {
    const header = (name: string) => String(req.headers[name] ?? "");
    const valid = verifySignature(header("x-webhook-signature"), secret, header("x-webhook-timestamp"), body);
    const at = new Date().toISOString();
    if (!valid) {
      console.log(`\n[${at}] REFUSED: bad or old signature (${header("x-webhook-topic") || req.url})`);
      res.writeHead(401).end("bad signature");
      return;
    }
    let event: { seq?: number; resource?: { type: string; id: string; sequence: number }; payload?: unknown };
    try {
      event = JSON.parse(body) as typeof event;
    } catch {
      res.writeHead(400).end("not JSON");
      return;
    }
    const key = event.resource ? `${event.resource.type}:${event.resource.id}` : "";
    const sequence = Number(header("x-webhook-sequence"));
    const stale = key !== "" && (lastSequence.get(key) ?? 0) >= sequence;
    if (!stale && key) lastSequence.set(key, sequence);
    console.log(
      `\n[${at}] ${header("x-webhook-topic")} #${event.seq} ${key} seq ${sequence} signature ok${stale ? " (stale: dropped)" : ""}`,
    );
    console.log(JSON.stringify(event.payload, null, 2));
    res.writeHead(200, { "Content-Type": "text/plain" }).end("ok");
  });
});

server.listen(port, "127.0.0.1", () => {
  console.log(`Webhook receiver on http://127.0.0.1:${port}/ (secret ${secret.slice(0, 12)}…)`);
  console.log("Start the store with WEBHOOKS_ALLOW_LOOPBACK=1 so it may deliver here. Ctrl+C stops.");
});

const stop = () => server.close(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
