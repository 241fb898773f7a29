/**
 * Many stores in one statement, for the scale tests and `npm run bench:tenants` (issue 25):
 * a mix like a real platform's (every 10th with a verified domain, every 50th suspended, trials
 * ending from five days ago to five weeks ahead), newest first one second apart (store number 1
 * is the newest). Names and addresses are made of letters drawn from a hash of the number, so
 * their trigrams are as varied as real ones (a shared prefix would make every search common).
 * Rows only: no settings (the tenant cache shows the defaults for those), owners or catalogue.
 */
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";

export const STORE_WORDS = ["Dyes", "Shades", "Colours", "Pigments", "Inks", "Tints", "Hues"];

export async function bulkCreateStores(
  db: Db,
  count: number,
  options: { from?: number; notify?: boolean } = {},
): Promise<void> {
  const from = options.from ?? 1;
  const words = `{${STORE_WORDS.join(",")}}`;
  const insert = sql`insert into stores (id, slug, name, status, custom_domain, custom_domain_verified_at,
      subscription_status, subscription_current_period_end, trial_ending_notified_at, created_at)
    select gen_random_uuid(), word || '-' || g, initcap(word) || ' ' || (${words}::text[])[1 + g % 7],
           case when g % 50 = 0 then 'suspended' else 'active' end,
           case when g % 10 = 0 then word || g || '.example.com' end,
           case when g % 10 = 0 then now() end,
           'trialing', now() + make_interval(days => g % 40 - 5),
           -- Trials ending within the notice's 3 days were announced already: a server started on
           -- these stores does not spend its first minutes mailing thousands of owners.
           case when g % 40 - 5 between 0 and 3 then now() end,
           now() - make_interval(secs => g)
      from generate_series(${from}::int, ${from + count - 1}::int) g,
           lateral (select translate(substr(md5(g::text), 1, 9), '0123456789', 'aeiouyklmn') as word) w`;
  if (options.notify !== false) {
    await db.owner.execute(insert);
    return;
  }
  // Without the trigger: nobody listens while a bench fills the table, and a million queued
  // notifications would only slow the commit.
  await db.owner.transaction(async (tx) => {
    await tx.execute(sql`alter table stores disable trigger stores_changed`);
    await tx.execute(insert);
    await tx.execute(sql`alter table stores enable trigger stores_changed`);
  });
}
