/**
 * `npm run stripe:dev`: runs the project's Stripe-compatible test server (tests/stripe-server)
 * for the dev server or the demo, and prints the environment to give the app.
 *
 *   npm run stripe:dev -- --port 12111 --webhook-url http://localhost:3000/webhooks/stripe
 *
 * The key and webhook secret are fixed unless STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET are set,
 * so an .env written once keeps working across restarts. State is in memory only.
 */
import { startStripeServer } from "../tests/stripe-server/index";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const port = Number(option("port") ?? process.env.STRIPE_DEV_PORT ?? 12111);
const webhookUrl =
  option("webhook-url") ??
  process.env.STRIPE_WEBHOOK_URL ??
  `http://localhost:${process.env.PORT ?? 3000}/webhooks/stripe`;

const server = await startStripeServer({
  port,
  webhookUrl,
  secretKey: process.env.STRIPE_SECRET_KEY?.startsWith("sk_test_")
    ? process.env.STRIPE_SECRET_KEY
    : "sk_test_stripe_dev_local",
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? "whsec_stripe_dev_local",
});

console.log(`Stripe test server on ${server.url}; webhooks go to ${webhookUrl}\n`);
console.log("Give the app this environment:\n");
for (const [name, value] of Object.entries(server.env)) console.log(`${name}=${value}`);
console.log(`\nCards on the hosted checkout: 4242424242424242 pays, 4000000000000002 is declined.`);
console.log(
  `Sent events: ${server.url}/test/events · renew/cancel: POST ${server.url}/test/advance {subscription, action}`,
);

const stop = () => {
  void server.stop().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
