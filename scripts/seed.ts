/**
 * `npm run db:seed`: seeds the demo stores into DATABASE_URL, or the embedded PGlite at
 * .data/pglite. Safe to run again: existing stores are left untouched.
 */
import { getDb } from "~/db/client.server";
import { seedDemo } from "~/db/seed";
import { demoLines } from "~/db/seed/ensure.server";

const port = process.env.PORT ?? "3000";
const db = await getDb();
try {
  const result = await seedDemo(db);
  for (const store of result.stores) {
    console.log(
      store.created
        ? `Seeded ${store.slug} (${store.name}): ${store.products} products, ${store.users} users, ${store.orders} orders`
        : `Skipped ${store.slug}: a store with that slug already exists`,
    );
  }
  console.log(`Done in ${(result.elapsedMs / 1000).toFixed(1)} s (${db.kind}).`);
  console.log(
    demoLines()
      .map((line) => line.replaceAll("{port}", port))
      .join("\n"),
  );
} finally {
  await db.close();
}
