/**
 * `npm run bench:fill`: what filling a signed-in viewer's values into
 * a shared page costs per request, by way of answering (decision 031). Starts the production
 * server (tests/bench/server.ts), takes the demo shopper's real home, listing and product pages,
 * cuts each at the shopper's name as the page cache cuts at its tokens, and times, per page:
 * the values spliced into the kept deflate pieces (what the cache does), the page filled and
 * then gzip-compressed (level 6 and 1) or brotli-compressed (quality 5, what anonymous entries
 * use), and the filled page uncompressed. Single-threaded CPU time in this process.
 */
import zlib from "node:zlib";
import { decode } from "turbo-stream";
import { DEMO_PASSWORDS } from "../../app/db/seed/accounts";
import {
  cutTemplate,
  fillGzip,
  fillIdentity,
  type SlotName,
  type Tokens,
} from "../../server/page-cache/personal";
import { textRequest } from "../helpers/raw-http";
import { startServer } from "./server";

const PAGES = ["/", "/products?sort=price-asc&category=fabric-dyes", "/products/crimson-red-fabric-dye"];
const ITERATIONS = Number(process.env.FILL_ITERATIONS ?? 2000);

function send(port: number, path: string, headers: Record<string, string>, body?: string) {
  return textRequest({
    port,
    host: `dyes.localhost:${port}`,
    path,
    method: body ? "POST" : "GET",
    headers,
    body,
  });
}

/** The signed-in shopper's name, from the root loader's data. */
async function viewerName(port: number, cookie: string): Promise<string> {
  const data = await send(port, "/_root.data", { cookie, "accept-encoding": "identity" });
  const decoded = await decode(
    new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode(data.body));
        controller.close();
      },
    }),
  );
  await decoded.done;
  return (decoded.value as { root: { data: { viewer: { name: string } } } }).root.data.viewer.name;
}

function time(run: () => unknown): number {
  for (let i = 0; i < 50; i++) run();
  const started = process.cpuUsage();
  for (let i = 0; i < ITERATIONS; i++) run();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / ITERATIONS;
}

async function main() {
  const server = await startServer("personal-fill", { PAGE_CACHE: "off" });
  try {
    const login = await send(
      server.port,
      "/login",
      {
        origin: `http://dyes.localhost:${server.port}`,
        "content-type": "application/x-www-form-urlencoded",
      },
      new URLSearchParams({ email: "shopper@dyes.test", password: DEMO_PASSWORDS.shopper }).toString(),
    );
    const cookie = (login.headers["set-cookie"] ?? [])
      .find((value) => value.startsWith("__session="))!
      .split(";")[0]!;
    const rows: string[][] = [];
    for (const path of PAGES) {
      const page = await send(server.port, path, { cookie, "accept-encoding": "identity" });
      const body = Buffer.from(page.body);
      const name = await viewerName(server.port, cookie);
      const tokens: Tokens = {
        marker: "pz-not-in-any-page",
        strings: new Map<string, SlotName>([[name, "name"]]),
        numbers: new Map(),
      };
      const template = cutTemplate(body, tokens, "html");
      if (!template) throw new Error(`${path}: could not cut`);
      const values = {
        name: "Zoë O'Brien",
        initial: "Z",
        email: "zoe@example.test",
        imageId: "",
        cartCount: "3",
        cartQuantity: "1",
      };
      const filled = fillIdentity(template, values);
      rows.push([
        path,
        (body.byteLength / 1024).toFixed(1),
        String(template.slots.length),
        time(() => fillGzip(template, values)).toFixed(3),
        time(() => zlib.gzipSync(fillIdentity(template, values), { level: 6 })).toFixed(3),
        time(() => zlib.gzipSync(fillIdentity(template, values), { level: 1 })).toFixed(3),
        time(() =>
          zlib.brotliCompressSync(fillIdentity(template, values), {
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
          }),
        ).toFixed(3),
        time(() => fillIdentity(template, values)).toFixed(3),
        `${(fillGzip(template, values).byteLength / 1024).toFixed(1)} / ${(zlib.brotliCompressSync(filled, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).byteLength / 1024).toFixed(1)}`,
      ]);
    }
    const header = [
      "page",
      "kB",
      "slots",
      "splice ms",
      "gzip 6 ms",
      "gzip 1 ms",
      "br 5 ms",
      "identity ms",
      "kB spliced / br",
    ];
    console.log([header, ...rows].map((row) => row.join(" | ")).join("\n"));
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
