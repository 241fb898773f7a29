/**
 * Every environment variable the server reads, in one place (decision 021): parsed and checked
 * with zod once at start (server.ts), and one error listing every missing or bad variable
 * instead of a crash at the first. Code reads `config()`, never `process.env`; the README's
 * configuration table lists the same variables.
 *
 * server.ts fixes the configuration at start (`fixConfig`). Until then (tests, scripts), every
 * `config()` reads `process.env` afresh, because tests change variables per test and per file.
 */
import path from "node:path";
import { z } from "zod";

type Env = Record<string, string | undefined>;

/** Unset and blank are the same: a variable left empty in a .env file means "the default". */
const blank = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

const optionalText = z.preprocess(blank, z.string().trim().optional());

function wholeNumber(min: number, max: number) {
  return z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`)
      .optional(),
  );
}

function flag(onValues: string[], offValues: string[]) {
  return z.preprocess(
    blank,
    z
      .string()
      .trim()
      .toLowerCase()
      .refine(
        (v) => [...onValues, ...offValues].includes(v),
        `must be one of ${[...onValues, ...offValues].join(", ")}`,
      )
      .transform((v) => onValues.includes(v))
      .optional(),
  );
}

function url(protocols: string[]) {
  return z.preprocess(
    blank,
    z
      .string()
      .trim()
      .refine(
        (value) => {
          try {
            return protocols.includes(new URL(value).protocol);
          } catch {
            return false;
          }
        },
        `must be a URL (${protocols.join(" or ")})`,
      )
      .optional(),
  );
}

const HOST_NAME = /^[a-z0-9.-]+$/i;

const schema = z.object({
  NODE_ENV: optionalText,
  PORT: wholeNumber(0, 65_535),
  HOST: optionalText,
  WEB_CONCURRENCY: wholeNumber(1, 64),
  DATABASE_URL: url(["postgres:", "postgresql:"]),
  APP_DATABASE_URL: url(["postgres:", "postgresql:"]),
  DATA_DIR: optionalText,
  DATABASE_CONNECT_TIMEOUT_MS: wholeNumber(1, 600_000),
  DATABASE_HEALTH_TIMEOUT_MS: wholeNumber(1, 600_000),
  REQUEST_DEADLINE_MS: wholeNumber(1, 600_000),
  REQUEST_WRITE_DEADLINE_MS: wholeNumber(1, 600_000),
  REQUEST_COMMIT_GRACE_MS: wholeNumber(1, 600_000),
  SEED_DEMO: flag(["1"], ["0"]),
  SESSION_SECRET: optionalText,
  COOKIE_SECURE: flag(["1"], ["0"]),
  TRUST_PROXY: flag(["1"], ["0"]),
  PLATFORM_DOMAIN: z.preprocess(
    blank,
    z.string().trim().toLowerCase().regex(HOST_NAME, "must be a host name").optional(),
  ),
  PUBLIC_SCHEME: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.enum(["http", "https"]))
      .optional(),
  ),
  // Set but empty is meaningful here: links carry no port (the scheme's default).
  PUBLIC_PORT: z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? null : value),
    z
      .string()
      .trim()
      .regex(/^\d+$/, "must be a whole number from 1 to 65535, or empty")
      .transform(Number)
      .refine((n) => n >= 1 && n <= 65_535, "must be a whole number from 1 to 65535, or empty")
      .nullable()
      .optional(),
  ),
  SMTP_URL: url(["smtp:", "smtps:"]),
  MAIL_FROM: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_BASE: url(["http:", "https:"]),
  STRIPE_DEMO_CONNECT: flag(["1"], ["0"]),
  TWILIO_ACCOUNT_SID: optionalText,
  TWILIO_AUTH_TOKEN: optionalText,
  TWILIO_SMS_FROM: optionalText,
  TWILIO_WHATSAPP_FROM: optionalText,
  TWILIO_API_BASE: url(["http:", "https:"]),
  REQUEST_LOG: flag(["1"], ["0"]),
  WEBHOOKS_ALLOW_LOOPBACK: flag(["1"], ["0"]),
  WEBHOOKS_TIMEOUT_MS: wholeNumber(100, 60_000),
  METRICS_PORT: wholeNumber(0, 65_535),
  METRICS_HOST: optionalText,
  DNS_SERVERS: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .regex(/^[\w.:[\]-]+(,[\w.:[\]-]+)*$/, "must be a comma-separated list of host:port")
      .optional(),
  ),
  DNS_TIMEOUT_MS: wholeNumber(1, 60_000),
  DOMAIN_RECHECK_MS: wholeNumber(0, 2_147_483_647),
  PAGE_CACHE: flag(["on", "1"], ["off", "0"]),
  PAGE_CACHE_MB: wholeNumber(1, 16_384),
  PAGE_CACHE_WORKER_MB: wholeNumber(1, 16_384),
  PAGE_CACHE_TTL_SECONDS: wholeNumber(1, 86_400),
  PAGE_CACHE_VIEWERS: wholeNumber(0, 10_000_000),
  BENCH_ROUTES: flag(["1"], ["0"]),
  TENANT_CACHE_MB: wholeNumber(1, 16_384),
});

export interface Config {
  production: boolean;
  port: number;
  host: string;
  workers: number;
  /** PostgreSQL (with how long opening a connection may take, decision 020) or PGlite's folder. */
  database: { url: string; appUrl?: string; connectTimeoutMs: number } | { dataDir: string };
  /** How long the health probe waits for the database before calling it down (decision 020). */
  databaseHealthTimeoutMs: number;
  /**
   * How long a request may take before the edge answers it 503 and aborts its work (decision 020,
   * issue 42): pages (GET, HEAD) and writes (an upload or an import may take longer).
   */
  requestDeadline: RequestDeadlines;
  seedDemo?: boolean;
  /** As set; server.ts makes one for the embedded demo (cookies.server.ts). */
  sessionSecret?: string;
  cookieSecure: boolean;
  trustProxy: boolean;
  platformDomain: string;
  publicScheme?: "http" | "https";
  /** Unset: guessed; null (set but empty): none, the scheme's default. */
  publicPort?: number | null;
  smtpUrl?: string;
  mailFrom: string;
  stripe: { secretKey?: string; webhookSecret?: string; apiBase?: string; demoConnect: boolean };
  /** SMS and WhatsApp through Twilio (issue 34, decision 040); unset: messages are only logged. */
  twilio: {
    accountSid?: string;
    authToken?: string;
    smsFrom?: string;
    whatsappFrom?: string;
    apiBase?: string;
  };
  requestLog: boolean;
  /**
   * Webhook delivery (decision 047): loopback addresses allowed only with the development flag
   * WEBHOOKS_ALLOW_LOOPBACK=1; each request's time limit (default 10 s).
   */
  webhooks: { allowLoopback: boolean; timeoutMs: number };
  /** No listener without a port (decision 021). */
  metrics: { port: number; host: string } | null;
  dns: { servers?: string[]; timeoutMs: number };
  domainRecheckMs: number;
  /** Off in development, where pages change with the code (decision 017). */
  /**
   * `workerMaxBytes`: each cluster worker's hot copy of the instance's cache (issue 41); unused
   * with one process, whose cache is the instance's.
   */
  /**
   * `viewers`: signed-in viewers each process keeps between reads (issue 41,
   * server/page-cache/viewers.ts); 0 reads every signed-in hit's viewer from the database.
   */
  pageCache: { maxBytes: number; workerMaxBytes: number; ttlMs: number; viewers: number } | null;
  benchRoutes: boolean;
  /** The host → store cache's memory per process (decision 025). */
  tenantCacheBytes: number;
}

export interface RequestDeadlines {
  pageMs: number;
  writeMs: number;
  /**
   * How much longer a write whose COMMIT may have been sent is awaited when the database falls or
   * its deadline passes: its action's answer says what happened (decision 020, issue 42).
   */
  commitGraceMs: number;
}

export const DEFAULT_REQUEST_DEADLINES: RequestDeadlines = {
  pageMs: 10_000,
  writeMs: 30_000,
  commitGraceMs: 10_000,
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Bad configuration (environment variables):\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** The configuration an environment describes, or a ConfigError naming every bad variable. */
export function loadConfig(env: Env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name} ${issue.message} (got ${JSON.stringify(env[name])})`;
      }),
    );
  }
  const v = parsed.data;
  const production = v.NODE_ENV === "production";
  const platformDomain = v.PLATFORM_DOMAIN ?? "localhost";
  return {
    production,
    port: v.PORT ?? 3000,
    host: v.HOST ?? "0.0.0.0",
    workers: v.WEB_CONCURRENCY ?? 1,
    database: v.DATABASE_URL
      ? {
          url: v.DATABASE_URL,
          appUrl: v.APP_DATABASE_URL,
          connectTimeoutMs: v.DATABASE_CONNECT_TIMEOUT_MS ?? 2_000,
        }
      : { dataDir: path.resolve(v.DATA_DIR ?? ".data/pglite") },
    databaseHealthTimeoutMs: v.DATABASE_HEALTH_TIMEOUT_MS ?? 800,
    requestDeadline: {
      pageMs: v.REQUEST_DEADLINE_MS ?? DEFAULT_REQUEST_DEADLINES.pageMs,
      writeMs: v.REQUEST_WRITE_DEADLINE_MS ?? DEFAULT_REQUEST_DEADLINES.writeMs,
      commitGraceMs: v.REQUEST_COMMIT_GRACE_MS ?? DEFAULT_REQUEST_DEADLINES.commitGraceMs,
    },
    seedDemo: v.SEED_DEMO,
    sessionSecret: v.SESSION_SECRET,
    cookieSecure: production && v.COOKIE_SECURE !== false,
    trustProxy: v.TRUST_PROXY === true,
    platformDomain,
    publicScheme: v.PUBLIC_SCHEME,
    publicPort: v.PUBLIC_PORT,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM ?? "no-reply@storefront.localhost",
    stripe: {
      secretKey: v.STRIPE_SECRET_KEY,
      webhookSecret: v.STRIPE_WEBHOOK_SECRET,
      apiBase: v.STRIPE_API_BASE,
      demoConnect: v.STRIPE_DEMO_CONNECT !== false,
    },
    twilio: {
      accountSid: v.TWILIO_ACCOUNT_SID,
      authToken: v.TWILIO_AUTH_TOKEN,
      smsFrom: v.TWILIO_SMS_FROM,
      whatsappFrom: v.TWILIO_WHATSAPP_FROM,
      apiBase: v.TWILIO_API_BASE,
    },
    requestLog: v.REQUEST_LOG !== false,
    webhooks: {
      allowLoopback: v.WEBHOOKS_ALLOW_LOOPBACK === true,
      timeoutMs: v.WEBHOOKS_TIMEOUT_MS ?? 10_000,
    },
    metrics:
      v.METRICS_PORT === undefined ? null : { port: v.METRICS_PORT, host: v.METRICS_HOST ?? "127.0.0.1" },
    dns: { servers: v.DNS_SERVERS?.split(","), timeoutMs: v.DNS_TIMEOUT_MS ?? 2000 },
    domainRecheckMs: v.DOMAIN_RECHECK_MS ?? 6 * 3_600_000,
    pageCache:
      production && v.PAGE_CACHE !== false
        ? {
            maxBytes: (v.PAGE_CACHE_MB ?? 64) * 1024 * 1024,
            workerMaxBytes: (v.PAGE_CACHE_WORKER_MB ?? 32) * 1024 * 1024,
            ttlMs: (v.PAGE_CACHE_TTL_SECONDS ?? 60) * 1000,
            viewers: v.PAGE_CACHE_VIEWERS ?? 10_000,
          }
        : null,
    benchRoutes: v.BENCH_ROUTES === true,
    tenantCacheBytes: (v.TENANT_CACHE_MB ?? 32) * 1024 * 1024,
  };
}

let fixed: Config | undefined;

/** server.ts, once at start: from then on `config()` is this, whatever `process.env` does. */
export function fixConfig(value: Config): Config {
  fixed = value;
  return value;
}

export function config(): Config {
  return fixed ?? loadConfig(process.env);
}
