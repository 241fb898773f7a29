/** `npm run db:migrate`: applies drizzle/ migrations to DATABASE_URL or the embedded PGlite. */
import { getDb } from "~/db/client.server";

const started = performance.now();
// getDb() migrates on open (and waits for any other instance migrating at the same time).
const db = await getDb();
console.log(`Migrations applied (${db.kind}) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
await db.close();
