/**
 * Where SMS and WhatsApp messages go (issue 34, decision 040): a provider takes one message to one
 * E.164 number and answers the provider's id for it, or throws. The one real provider is Twilio,
 * through its Node SDK (WhatsApp as Twilio's `whatsapp:+…` addresses). `TWILIO_API_BASE` points
 * the SDK at another host (the test server in tests/twilio-server): the SDK's own request client,
 * given the same request with the origin swapped, so everything else the SDK does is unchanged.
 * Without an account, no provider: messages.server.ts logs the message instead.
 */
import twilio from "twilio";
import { config } from "~/lib/config.server";

export type MessageChannel = "sms" | "whatsapp";

export interface OutgoingMessage {
  channel: MessageChannel;
  /** E.164, e.g. +966501234567. */
  to: string;
  body: string;
}

export interface MessageProvider {
  name: string;
  /** Which channels this provider has a sender for. */
  channels: readonly MessageChannel[];
  /** Sends one message; resolves to the provider's id for it, rejects when it was not accepted. */
  send(message: OutgoingMessage): Promise<{ id: string }>;
}

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  smsFrom?: string;
  whatsappFrom?: string;
  /** Another origin for api.twilio.com (a test server); unset: Twilio's. */
  apiBase?: string;
}

const TWILIO_API = "https://api.twilio.com";

type RequestOptions<TData> = Parameters<typeof twilio.RequestClient.prototype.request<TData>>[0];

/** The SDK's request client with every request's origin replaced by `apiBase`. */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly apiBase: string) {
    super({ keepAlive: false, timeout: 15_000 });
  }

  override request<TData>(opts: RequestOptions<TData>) {
    const uri = new URL(opts.uri);
    const base = new URL(this.apiBase);
    uri.protocol = base.protocol;
    uri.host = base.host;
    return super.request<TData>({ ...opts, uri: uri.href });
  }
}

const whatsappAddress = (number: string) => (number.startsWith("whatsapp:") ? number : `whatsapp:${number}`);

export function twilioProvider(settings: TwilioSettings): MessageProvider {
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient:
      settings.apiBase && new URL(settings.apiBase).origin !== TWILIO_API
        ? new RebasedRequestClient(settings.apiBase)
        : new twilio.RequestClient({ timeout: 15_000 }),
  });
  const channels: MessageChannel[] = [];
  if (settings.smsFrom) channels.push("sms");
  if (settings.whatsappFrom) channels.push("whatsapp");
  return {
    name: "twilio",
    channels,
    async send(message) {
      const from = message.channel === "sms" ? settings.smsFrom : settings.whatsappFrom;
      if (!from) throw new Error(`no Twilio sender for ${message.channel}`);
      const sent = await client.messages.create(
        message.channel === "whatsapp"
          ? { from: whatsappAddress(from), to: whatsappAddress(message.to), body: message.body }
          : { from, to: message.to, body: message.body },
      );
      return { id: sent.sid };
    },
  };
}

let cached: { key: string; provider: MessageProvider } | undefined;

/** The configured provider (one per configuration, reused), or null when none is configured. */
export function messageProvider(): MessageProvider | null {
  const { accountSid, authToken, smsFrom, whatsappFrom, apiBase } = config().twilio;
  if (!accountSid || !authToken || (!smsFrom && !whatsappFrom)) return null;
  const key = JSON.stringify([accountSid, authToken, smsFrom, whatsappFrom, apiBase]);
  if (cached?.key !== key)
    cached = { key, provider: twilioProvider({ accountSid, authToken, smsFrom, whatsappFrom, apiBase }) };
  return cached.provider;
}
