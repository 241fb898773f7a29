/**
 * A Twilio-compatible test server (issue 34, decision 040): enough of Twilio's REST API for the
 * real `twilio` SDK to send SMS and WhatsApp messages offline — POST
 * /2010-04-01/Accounts/{sid}/Messages.json, form-encoded, HTTP basic auth with the account's SID
 * and token — answering as Twilio does (201 and the message resource; 401 and Twilio's error body
 * for a wrong login; 400 for a missing To/From/Body). It records what it accepted and can be told
 * to refuse the next N sends (503, Twilio's "service unavailable").
 *
 *   const twilio = await startTwilioServer();
 *   Object.assign(process.env, twilio.env); // TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, …, TWILIO_API_BASE
 *
 * Test routes (no auth): GET /test/messages (JSON, oldest first), POST /test/fail?count=N,
 * POST /test/reset, GET /healthz.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ReceivedMessage {
  sid: string;
  accountSid: string;
  channel: "sms" | "whatsapp";
  from: string;
  to: string;
  body: string;
  receivedAt: string;
}

export interface TwilioServerOptions {
  port?: number;
  host?: string;
  accountSid?: string;
  authToken?: string;
  smsFrom?: string;
  whatsappFrom?: string;
  /** Called with each accepted message (twilio:dev prints it). */
  onMessage?: (message: ReceivedMessage) => void;
}

export interface TwilioServer {
  url: string;
  port: number;
  accountSid: string;
  authToken: string;
  env: Record<
    | "TWILIO_ACCOUNT_SID"
    | "TWILIO_AUTH_TOKEN"
    | "TWILIO_SMS_FROM"
    | "TWILIO_WHATSAPP_FROM"
    | "TWILIO_API_BASE",
    string
  >;
  /** Accepted messages, oldest first. */
  messages(): ReceivedMessage[];
  /** Send attempts refused so far (by `failNext` or a wrong login). */
  refused(): number;
  /** Refuses the next `count` sends with a 503. */
  failNext(count: number): void;
  reset(): void;
  stop(): Promise<void>;
}

const MAX_BODY = 64 * 1024;
const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

async function readBody(request: IncomingMessage): Promise<string> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error("body too large");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function json(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

/** Twilio's error body (https://www.twilio.com/docs/api/errors). */
function twilioError(response: ServerResponse, status: number, code: number, message: string) {
  json(response, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
}

export async function startTwilioServer(options: TwilioServerOptions = {}): Promise<TwilioServer> {
  const accountSid = options.accountSid ?? `AC${randomBytes(16).toString("hex")}`;
  const authToken = options.authToken ?? randomBytes(16).toString("hex");
  const smsFrom = options.smsFrom ?? "+15005550006";
  const whatsappFrom = options.whatsappFrom ?? "+14155238886";
  const received: ReceivedMessage[] = [];
  let failures = 0;
  let refused = 0;

  async function sendMessage(request: IncomingMessage, response: ServerResponse, sid: string) {
    const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
    if (request.headers.authorization !== expected || sid !== accountSid) {
      refused++;
      return twilioError(response, 401, 20003, "Authenticate");
    }
    const form = new URLSearchParams(await readBody(request));
    const to = form.get("To");
    const from = form.get("From");
    const body = form.get("Body");
    if (!to) return twilioError(response, 400, 21604, "A 'To' phone number is required.");
    if (!from) return twilioError(response, 400, 21603, "A 'From' phone number is required.");
    if (!body) return twilioError(response, 400, 21602, "Message body is required.");
    const whatsapp = to.startsWith("whatsapp:");
    if (whatsapp !== from.startsWith("whatsapp:"))
      return twilioError(response, 400, 63007, "To and From must both be WhatsApp addresses, or neither.");
    if (!/^\+[1-9]\d{6,14}$/.test(to.replace(/^whatsapp:/, "")))
      return twilioError(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (failures > 0) {
      failures--;
      refused++;
      return twilioError(response, 503, 20503, "Service unavailable");
    }
    const message: ReceivedMessage = {
      sid: `SM${randomBytes(16).toString("hex")}`,
      accountSid,
      channel: whatsapp ? "whatsapp" : "sms",
      from,
      to,
      body,
      receivedAt: new Date().toISOString(),
    };
    received.push(message);
    options.onMessage?.(message);
    const now = new Date().toUTCString();
    json(response, 201, {
      sid: message.sid,
      account_sid: accountSid,
      api_version: "2010-04-01",
      body,
      date_created: now,
      date_updated: now,
      date_sent: null,
      direction: "outbound-api",
      error_code: null,
      error_message: null,
      from,
      messaging_service_sid: null,
      num_media: "0",
      num_segments: String(Math.ceil(body.length / 153) || 1),
      price: null,
      price_unit: "USD",
      status: "queued",
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}/Media.json` },
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${message.sid}.json`,
    });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    const route = `${request.method} ${url.pathname}`;
    const handle = async () => {
      const match = MESSAGES_PATH.exec(url.pathname);
      if (match && request.method === "POST")
        return sendMessage(request, response, decodeURIComponent(match[1]!));
      if (route === "GET /healthz") return json(response, 200, { ok: true });
      if (route === "GET /test/messages") return json(response, 200, received);
      if (route === "POST /test/fail") {
        failures = Math.max(0, Number(url.searchParams.get("count") ?? 1) || 0);
        return json(response, 200, { failing: failures });
      }
      if (route === "POST /test/reset") {
        received.length = 0;
        failures = 0;
        refused = 0;
        return json(response, 200, { ok: true });
      }
      return twilioError(response, 404, 20404, "The requested resource was not found");
    };
    handle().catch((error: unknown) => {
      if (!response.headersSent) twilioError(response, 400, 20001, (error as Error).message);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    accountSid,
    authToken,
    env: {
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_SMS_FROM: smsFrom,
      TWILIO_WHATSAPP_FROM: whatsappFrom,
      TWILIO_API_BASE: url,
    },
    messages: () => [...received],
    refused: () => refused,
    failNext(count) {
      failures = count;
    },
    reset() {
      received.length = 0;
      failures = 0;
      refused = 0;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
