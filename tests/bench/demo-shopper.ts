/** A plain HTTP request to a bench server and the demo shopper's sign-in, shared by the benches. */
import http from "node:http";
import { DEMO_PASSWORDS } from "../../app/db/seed/accounts";

const STORE = "dyes";
const SHOPPER = { email: "shopper@dyes.test", password: DEMO_PASSWORDS.shopper };

export function request(
  port: number,
  options: { path: string; headers: Record<string, string>; method?: string; body?: string },
): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      {
        host: "127.0.0.1",
        port,
        path: options.path,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, headers: response.headers });
      },
    );
    outgoing.on("error", reject);
    outgoing.end(options.body);
  });
}

/** The demo shopper's `__session` cookie, from signing in like the login form does. */
export async function signIn(port: number): Promise<string> {
  const host = `${STORE}.localhost:${port}`;
  const { status, headers } = await request(port, {
    path: "/login",
    method: "POST",
    headers: {
      host,
      origin: `http://${host}`,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: new URLSearchParams(SHOPPER).toString(),
  });
  const session = (headers["set-cookie"] ?? []).find((cookie) => cookie.startsWith("__session="));
  if (!session) throw new Error(`signing in as ${SHOPPER.email} answered ${status} without a session`);
  return session.split(";")[0]!;
}
