/**
 * The browser tests' mailbox: an SMTP server the app sends to (SMTP_URL), and a small HTTP API
 * the tests read from, since the tests run in other processes than the server. Started by
 * playwright.config.ts as a second web server.
 *   GET /healthz             → 200 when ready
 *   GET /messages?to=ADDRESS → [{ to, subject, body }] newest last
 */
import { createServer } from "node:http";
import { startSmtpServer } from "../../helpers/smtp";

const httpPort = Number(process.env.MAIL_HTTP_PORT);
const smtpPort = Number(process.env.MAIL_SMTP_PORT);
const smtp = await startSmtpServer(smtpPort);

const http = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://mail.local");
  if (url.pathname === "/healthz") {
    res.end("ok");
    return;
  }
  if (url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const found = smtp.messages
      .filter((m) => !to || m.to.map((a) => a.toLowerCase()).includes(to))
      .map(({ to: recipients, subject, body }) => ({ to: recipients, subject, body }));
    res.setHeader("Content-Type", "application/json");
    res.end(JSON.stringify(found));
    return;
  }
  res.statusCode = 404;
  res.end();
});
http.listen(httpPort, "127.0.0.1");

const stop = () => {
  http.close();
  void smtp.close().then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
