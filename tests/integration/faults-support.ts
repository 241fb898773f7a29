/**
 * Shared by the fault tests (decision 020): the production server as a child process, a TCP
 * proxy of the test's own in front of PostgreSQL that can be cut and restored, HTTP requests with
 * a store's Host header, and signed-in shoppers with a cart and the checkout form's token.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import { eq } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { cartItems, users } from "~/db/schema";
import type { Db } from "~/db/client.server";
import { createUserSession } from "~/http/sessions.server";
import { freePort } from "../bench/server";
import { eventually } from "../helpers/eventually";
import { cookiesFrom } from "../helpers/routes";
import { ADDRESS } from "./checkout-fixtures";

export const STORE = "dyes";
export const SESSION_SECRET = "faults-test-secret";

export interface Instance {
  port: number;
  process: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

export async function startInstance(env: Record<string, string>, { healthy = true } = {}): Promise<Instance> {
  const port = await freePort();
  const { DATABASE_URL: _url, APP_DATABASE_URL: _appUrl, ...inherited } = process.env;
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: {
      ...inherited,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      REQUEST_LOG: "0",
      SEED_DEMO: "1",
      SESSION_SECRET,
      PAGE_CACHE: "on",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8_000));
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const instance: Instance = { port, process: child, output: () => output, exited };
  if (!healthy) return instance;
  // The app has taken the port over (with several processes, every worker listens) when the
  // server says so; until then it answers 503 while it connects, migrates and seeds.
  await printed(instance, "Storefront builder listening on");
  const health = await eventually(
    () => send(instance, { path: "/healthz" }).catch(() => null),
    (answer) => answer?.status === 200,
    30_000,
  );
  if (health?.status !== 200) throw new Error(`server not healthy (${health?.status}):\n${output}`);
  return instance;
}

/**
 * Resolves once the server has printed `text` (stdout or stderr, since it started); rejects if it
 * exits first. What a test waits on instead of guessing how long the server takes.
 */
export function printed(instance: Instance, text: string): Promise<void> {
  const child = instance.process;
  return new Promise((resolve, reject) => {
    const stop = () => {
      child.stdout?.off("data", look);
      child.stderr?.off("data", look);
      child.off("exit", exited);
    };
    // Registered after startInstance's own listeners: output() already holds the chunk.
    function look() {
      if (!instance.output().includes(text)) return;
      stop();
      resolve();
    }
    function exited(code: number | null) {
      stop();
      reject(new Error(`server exited (${code}) before printing "${text}":\n${instance.output()}`));
    }
    child.stdout?.on("data", look);
    child.stderr?.on("data", look);
    child.once("exit", exited);
    look();
    if (child.exitCode !== null || child.signalCode !== null) exited(child.exitCode);
  });
}

export function stopInstance(instance: Instance | undefined): Promise<void> {
  const child = instance?.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill("SIGKILL"), 12_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** From sending to the end of the body. */
  ms: number;
}

export function send(
  instance: Pick<Instance, "port">,
  {
    path,
    method = "GET",
    cookie,
    form,
    lang,
    timeoutMs = 10_000,
    agent,
    store = STORE,
  }: {
    path: string;
    store?: string;
    method?: string;
    cookie?: string;
    form?: Record<string, string>;
    lang?: string;
    timeoutMs?: number;
    agent?: http.Agent;
  },
): Promise<Answer> {
  const origin = `http://${store}.localhost:${instance.port}`;
  const body = form ? new URLSearchParams(form).toString() : undefined;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port: instance.port,
        path,
        method,
        agent,
        timeout: timeoutMs,
        headers: {
          host: `${store}.localhost:${instance.port}`,
          "accept-encoding": "identity",
          ...(cookie ? { cookie } : {}),
          ...(lang ? { "accept-language": lang } : {}),
          ...(body
            ? {
                origin,
                "content-type": "application/x-www-form-urlencoded",
                "content-length": Buffer.byteLength(body),
              }
            : {}),
        },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            ms: performance.now() - started,
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * A TCP proxy in front of 127.0.0.1:5432 that the test cuts (every connection reset, port closed),
 * or that holds back the answer to a new connection's first query (postgres.js' array types) for
 * the connections of one application name: such a connection stays "still starting".
 */
export class DatabaseProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private holding: string | null = null;
  private readonly held = new Set<() => void>();
  /** Each open connection's hold on its answers. */
  private readonly holds = new Set<() => void>();
  /** Called when a client whose answers are held sends something. */
  private heldClientSpoke = () => {};
  constructor(
    readonly port: number,
    private readonly target = { host: "127.0.0.1", port: 5432 },
  ) {}

  static async start(): Promise<DatabaseProxy> {
    const proxy = new DatabaseProxy(await freePort());
    await proxy.restore();
    return proxy;
  }

  /** `url` (a PostgreSQL URL) through this proxy. */
  through(url: string): string {
    const parsed = new URL(url);
    parsed.hostname = "127.0.0.1";
    parsed.port = String(this.port);
    return parsed.toString();
  }

  restore(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
      let holding = false;
      const hold = () => {
        holding = true;
        upstream.unpipe(client);
        upstream.pause();
        this.held.add(() => {
          holding = false;
          upstream.pipe(client);
        });
      };
      this.holds.add(hold);
      client.on("close", () => this.holds.delete(hold));
      let named = false;
      client.on("data", (data: Buffer) => {
        if (holding) this.heldClientSpoke();
        // The startup message names the application; its connection's types query is held.
        if (this.holding && data.includes(this.holding)) named = true;
        if (named && this.holding && data.includes("pg_catalog.pg_type")) hold();
      });
    });
    this.server = server;
    return new Promise((resolve) => server.listen(this.port, "127.0.0.1", () => resolve()));
  }

  /** From now on, connections of `applicationName` get no answer to their types query. */
  holdStartOf(applicationName: string): void {
    this.holding = applicationName;
  }

  /**
   * Holds back whatever the server sends on the connections open now (until `release`): their
   * client learns nothing, not even that the server closed them. Resolves when one of those
   * clients next sends something.
   */
  holdAnswers(): { clientSpoke: Promise<void> } {
    const clientSpoke = new Promise<void>((resolve) => (this.heldClientSpoke = resolve));
    for (const hold of this.holds) hold();
    return { clientSpoke };
  }

  /** Holds no more, and lets the answers held so far through. */
  release(): void {
    this.holding = null;
    for (const resume of this.held) resume();
    this.held.clear();
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of this.sockets) socket.resetAndDestroy();
    await closed;
  }
}

export interface Shopper {
  userId: string;
  cookie: string;
  store: string;
}

/** A shopper of `storeId` signed in, with `quantity` of `productId` in the cart. */
export async function shopperWithCart(
  db: Db,
  storeId: string,
  productId: string,
  quantity = 1,
  store = STORE,
): Promise<Shopper> {
  const userId = uuidv7();
  await db.owner
    .insert(users)
    .values({ storeId, id: userId, email: `${userId}@faults.test`, name: "Fault Tester" });
  await db.owner.delete(cartItems).where(eq(cartItems.userId, userId));
  await db.owner.insert(cartItems).values({ storeId, userId, productId, quantity });
  const cookie = cookiesFrom(
    new Headers({
      "Set-Cookie": await createUserSession(storeId, userId, new Request(`http://${store}.localhost`)),
    }),
  );
  return { userId, cookie, store };
}

/** The checkout form as the page renders it for `shopper`: its token and the total shown. */
export async function checkoutForm(instance: Instance, shopper: Shopper): Promise<Record<string, string>> {
  const page = await send(instance, { path: "/checkout", cookie: shopper.cookie, store: shopper.store });
  if (page.status !== 200) throw new Error(`checkout page ${page.status}`);
  const field = (name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(page.body)?.[1];
  const checkoutToken = field("checkoutToken");
  const expectedTotal = field("expectedTotal");
  if (!checkoutToken || !expectedTotal) throw new Error("checkout page without its token or total");
  // The store's Cash On Delivery fee as the page showed it (decision 030): the order is refused
  // as "prices changed" when the submit does not carry it.
  const expectedCodFee = field("expectedCodFee") ?? "0";
  return { ...ADDRESS, intent: "place", paymentMethod: "cod", checkoutToken, expectedTotal, expectedCodFee };
}
