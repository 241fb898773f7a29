/**
 * Webhooks in a browser, English and Arabic (issue 38, decision 047): the owner of a store of
 * their own adds a webhook to a receiver this spec runs on 127.0.0.1 (the e2e server runs with
 * WEBHOOKS_ALLOW_LOOPBACK=1), sees its secret once, ships an order, finds the signed delivery in
 * the delivery log, and redelivers it. Screenshots of both pages at 1280 and 390 px.
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { verifySignature } from "~/services/webhooks/signature.server";
import { newShopper, onStore, ownProduct, placeCodOrder } from "./support/shop";
import {
  dismissToasts,
  expect,
  expectToast,
  ownStore,
  screenshots,
  t,
  test,
  waitForHydration,
  type Locale,
} from "./support/fixtures";

test.describe.configure({ timeout: 180_000 });

for (const locale of ["en", "ar"] as Locale[]) {
  test(`the owner adds a webhook, sees a shipped order delivered and redelivers it (${locale})`, async ({
    page,
    browser,
  }) => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    try {
      await page.setViewportSize({ width: 1280, height: 900 });
      const { store } = await ownStore(page, `hooks-${locale}`, locale);
      const slug = await ownProduct(page, store, {
        nameEn: `Hook Indigo ${locale} ${Date.now().toString(36)}`,
        nameAr: "نيلة",
        price: "8.00",
        stock: 10,
      });

      await page.goto(onStore(store, "/admin/api/webhooks", locale));
      await expect(page.getByRole("heading", { name: t(locale, "webhooks.title"), level: 1 })).toBeVisible();
      await expect(page.getByText(t(locale, "webhooks.list.emptyNone"))).toBeVisible();
      await page.getByLabel(t(locale, "webhooks.url"), { exact: true }).fill(url);
      await page.getByLabel(t(locale, "webhooks.topicNames.orders/updated"), { exact: true }).check();
      await page.getByRole("button", { name: t(locale, "webhooks.create"), exact: true }).click();
      const panel = page.getByTestId("new-webhook");
      await expect(panel).toBeVisible();
      const secret = await panel.getByLabel(t(locale, "webhooks.secret")).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await screenshots(page, `webhooks-created-${locale}`);
      // Shown once.
      await page.reload();
      await expect(page.getByTestId("new-webhook")).toHaveCount(0);
      await expect(page.locator("body")).not.toContainText(secret);
      await screenshots(page, `webhooks-${locale}`);

      // A shopper's order, shipped by the owner.
      const { page: shopper, context } = await newShopper(browser, locale, store, "Salma Nasser");
      const number = await placeCodOrder(shopper, locale, slug, 1, store);
      await context.close();
      await page.goto(onStore(store, `/admin/orders/${number}`, locale));
      await waitForHydration(page);
      await page.getByRole("button", { name: t(locale, "admin.orders.steps.ship") }).click();
      const dialog = page.getByRole("dialog", {
        name: t(locale, "admin.orders.confirmTitles.ship", { number }),
      });
      await dialog.getByRole("button", { name: t(locale, "admin.orders.steps.ship") }).click();
      await expect(dialog).toBeHidden({ timeout: 30_000 });

      // Delivered, signed with the secret shown once.
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(1);
      const [got] = received;
      expect(got!.headers["x-webhook-topic"]).toBe("orders/updated");
      expect(
        verifySignature(
          String(got!.headers["x-webhook-signature"]),
          secret,
          String(got!.headers["x-webhook-timestamp"]),
          got!.body,
        ),
      ).toBe(true);
      expect(JSON.parse(got!.body).payload).toMatchObject({ number, status: "shipped" });

      await page.goto(onStore(store, "/admin/api/webhooks", locale));
      await page.getByRole("link", { name: t(locale, "webhooks.open") }).click();
      await expect(
        page.getByRole("heading", { name: t(locale, "webhooks.detailTitle"), level: 1 }),
      ).toBeVisible();
      await expect(page.getByText(t(locale, "webhooks.log.statuses.sent")).first()).toBeVisible();
      await screenshots(page, `webhook-log-${locale}`);

      await waitForHydration(page);
      await dismissToasts(page, locale);
      await page
        .getByRole("button", { name: `${t(locale, "webhooks.log.redeliver")}: orders/updated`, exact: false })
        .first()
        .click();
      await expectToast(page, t(locale, "webhooks.toasts.redelivered"));
      await expect.poll(() => received.length, { timeout: 15_000 }).toBe(2);
      expect(received[1]!.headers["x-webhook-id"]).toBe(got!.headers["x-webhook-id"]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
}
