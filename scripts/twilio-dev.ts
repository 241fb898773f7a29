/**
 * `npm run twilio:dev`: runs the project's Twilio-compatible test server (tests/twilio-server) for
 * the dev server or the demo, prints the environment to give the app, then every SMS and WhatsApp
 * message it receives.
 *
 *   npm run twilio:dev -- --port 12112
 *
 * The account SID and token are fixed unless TWILIO_ACCOUNT_SID / TWILIO_AUTH_TOKEN are set, so an
 * .env written once keeps working across restarts. Messages are kept in memory only.
 */
import { startTwilioServer } from "../tests/twilio-server/index";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const port = Number(option("port") ?? process.env.TWILIO_DEV_PORT ?? 12112);

const server = await startTwilioServer({
  port,
  accountSid: process.env.TWILIO_ACCOUNT_SID?.startsWith("AC")
    ? process.env.TWILIO_ACCOUNT_SID
    : "AC00000000000000000000000000000dev",
  authToken: process.env.TWILIO_AUTH_TOKEN ?? "twilio_dev_local_token",
  onMessage(message) {
    console.log(`\n[${message.receivedAt}] ${message.channel.toUpperCase()} ${message.from} → ${message.to}`);
    console.log(message.body);
  },
});

console.log(`Twilio test server on ${server.url}\n`);
console.log("Give the app this environment:\n");
for (const [name, value] of Object.entries(server.env)) console.log(`${name}=${value}`);
console.log(
  `\nReceived messages: ${server.url}/test/messages · refuse the next N sends: POST ${server.url}/test/fail?count=N`,
);

const stop = () => {
  void server.stop().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
