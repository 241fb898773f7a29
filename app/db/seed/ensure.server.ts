import type { Db } from "../client.server";

/**
 * Seeds the demo stores into an empty embedded database on first start. Returns lines to print
 * (URLs and demo logins) or null when nothing was seeded. Filled in by the seed module.
 */
export async function ensureDemoData(_db: Db): Promise<string[] | null> {
  return null;
}
