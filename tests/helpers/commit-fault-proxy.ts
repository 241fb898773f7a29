/**
 * A TCP proxy in front of PostgreSQL that reads the client's side of the wire protocol, so a test
 * can break the connection at one transaction's COMMIT: the first COMMIT after an INSERT into
 * `orders` on a connection, once armed. What happens there:
 *
 * - "cut-after":  the COMMIT and its answer pass, then every connection is closed and new ones
 *                 are refused until `restore()` (the database gone right after the commit);
 * - "lose-answer": the COMMIT reaches PostgreSQL, which commits; its answer is dropped and the
 *                 connection reset (the client cannot know the outcome; it is "committed");
 * - "lose-commit": the COMMIT never reaches PostgreSQL and the connection is reset (it rolls
 *                 back; the client cannot know the outcome; it is "nothing saved").
 */
import net from "node:net";
import { freePort } from "../bench/server";

export type CommitFault = "cut-after" | "lose-answer" | "lose-commit";

/** One client connection's reading of the frontend protocol. */
class FrontendReader {
  private buffer = Buffer.alloc(0);
  private startup = true;
  /** Prepared statements by name (postgres.js prepares every statement it sends). */
  private readonly statements = new Map<string, string>();
  /** The queries of each complete message, in order. */
  read(chunk: Buffer): string[] {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const queries: string[] = [];
    for (;;) {
      if (this.startup) {
        if (this.buffer.length < 8) break;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) break;
        const code = this.buffer.readInt32BE(4);
        // SSLRequest and GSSENCRequest come before the startup message, also without a type.
        if (code !== 80877103 && code !== 80877104) this.startup = false;
        this.buffer = this.buffer.subarray(length);
        continue;
      }
      if (this.buffer.length < 5) break;
      const type = String.fromCharCode(this.buffer[0]!);
      const length = this.buffer.readInt32BE(1);
      if (this.buffer.length < 1 + length) break;
      const body = this.buffer.subarray(5, 1 + length);
      this.buffer = this.buffer.subarray(1 + length);
      const [first = "", second = ""] = body.toString("utf8").split("\0");
      if (type === "Q") queries.push(first);
      if (type === "P") {
        this.statements.set(first, second);
        // An unnamed statement runs once, bound right after.
        if (first !== "") continue;
      }
      if (type === "B") queries.push(this.statements.get(second) ?? "");
    }
    return queries;
  }
}

export class CommitFaultProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  private armed: CommitFault | null = null;
  private fired!: () => void;
  /** Resolves when the armed fault has happened. */
  firedAt: Promise<void> = Promise.resolve();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async start(target = { host: "127.0.0.1", port: 5432 }): Promise<CommitFaultProxy> {
    const proxy = new CommitFaultProxy(await freePort(), target);
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

  /** The next order's COMMIT meets `fault`. */
  arm(fault: CommitFault): void {
    this.armed = fault;
    this.firedAt = new Promise((resolve) => (this.fired = resolve));
  }

  restore(): Promise<void> {
    if (this.server) return Promise.resolve();
    const server = net.createServer((client) => this.pipe(client));
    this.server = server;
    return new Promise((resolve) => server.listen(this.port, "127.0.0.1", () => resolve()));
  }

  /** Every connection reset, the port closed until `restore()`. */
  async cut(except?: net.Socket): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    for (const socket of this.sockets) if (socket !== except) socket.resetAndDestroy();
    await closed;
  }

  async close(): Promise<void> {
    await this.cut();
  }

  private pipe(client: net.Socket): void {
    const upstream = net.connect(this.target.port, this.target.host);
    for (const socket of [client, upstream]) {
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    const reader = new FrontendReader();
    let wroteOrder = false;
    /** After the COMMIT went up: what its answer does on the way back. */
    let commitSent: CommitFault | null = null;
    let answer = "";
    client.on("data", (chunk: Buffer) => {
      for (const query of reader.read(chunk)) {
        if (/^\s*insert into "orders"/i.test(query)) wroteOrder = true;
        if (wroteOrder && this.armed && /^\s*commit\s*$/i.test(query)) {
          const fault = this.armed;
          this.armed = null;
          if (fault === "lose-commit") {
            client.resetAndDestroy();
            upstream.destroy();
            this.fired();
            return;
          }
          commitSent = fault;
        }
      }
      upstream.write(chunk);
    });
    upstream.on("data", (chunk: Buffer) => {
      if (!commitSent) {
        client.write(chunk);
        return;
      }
      // CommandComplete "COMMIT": PostgreSQL has committed.
      answer += chunk.toString("latin1");
      const committed = answer.includes("COMMIT\0");
      if (commitSent === "cut-after") {
        client.write(chunk);
        if (!committed) return;
        // This connection ends after the answer is delivered; every other one is reset.
        client.end();
        upstream.destroy();
        void this.cut(client).then(() => this.fired());
        commitSent = null;
        return;
      }
      if (!committed) return;
      client.resetAndDestroy();
      upstream.destroy();
      commitSent = null;
      this.fired();
    });
  }
}
