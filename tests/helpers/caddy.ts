/**
 * Debian's Caddy in front of an app port, configured by the documented Caddyfile
 * (docs/deploy/Caddyfile) so what is tested or measured is what the deploy guide ships: on-demand
 * TLS asked of the app's /_tls/ask, HTTP/2, zstd/gzip. No ACME here: Caddy's own CA issues the
 * certificates (its root is `rootCertificate`).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

export const CADDY = "/usr/bin/caddy";

export const hasCaddy = () => existsSync(CADDY);

export interface RunningCaddy {
  httpsPort: number;
  /** Caddy's local CA root, for clients that check the certificate (curl --cacert). */
  rootCertificate: string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => probe.once("listening", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForPort(port: number, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`Caddy's port ${port} never opened`);
    // eslint-disable-next-line no-restricted-syntax -- poll interval: Caddy announces nothing the helper can wait on
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startCaddy({ appPort }: { appPort: number }): Promise<RunningCaddy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "caddy-"));
  const httpsPort = await freePort();
  const httpPort = await freePort();
  const caddyfile = readFileSync(path.resolve("docs/deploy/Caddyfile"), "utf8")
    .replaceAll("{$HTTP_PORT:80}", String(httpPort))
    .replaceAll("{$HTTPS_PORT:443}", String(httpsPort))
    .replaceAll("{$APP:127.0.0.1:3000}", `127.0.0.1:${appPort}`)
    .replace("# local_certs", "local_certs\n\tskip_install_trust");
  writeFileSync(path.join(dir, "Caddyfile"), caddyfile);
  const caddy = spawn(CADDY, ["run", "--config", path.join(dir, "Caddyfile"), "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      HOME: dir,
      XDG_DATA_HOME: path.join(dir, "data"),
      XDG_CONFIG_HOME: path.join(dir, "config"),
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let log = "";
  caddy.stderr?.on("data", (chunk: Buffer) => (log = (log + chunk.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) => caddy.once("exit", resolve));
  void exited.then((code) => {
    if (code) console.error(`caddy exited ${code}:\n${log}`);
  });
  try {
    await waitForPort(httpsPort, 20_000);
  } catch (error) {
    caddy.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${error instanceof Error ? error.message : error}\n${log}`);
  }
  return {
    httpsPort,
    rootCertificate: path.join(dir, "data", "caddy", "pki", "authorities", "local", "root.crt"),
    stop: async () => {
      caddy.kill("SIGTERM");
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
