/** Messages shoppers send the store from /contact; the admin reads them in /admin/contact-requests. */
import { getDb } from "~/db/client.server";
import { contactRequests } from "~/db/schema";

export async function createContactRequest(
  storeId: string,
  input: { name: string; email: string; comments: string; userId: string | null },
): Promise<string> {
  const db = await getDb();
  const [row] = await db.withStore(storeId, (tx) =>
    tx
      .insert(contactRequests)
      .values({
        storeId,
        userId: input.userId,
        name: input.name,
        email: input.email.toLowerCase(),
        comments: input.comments,
      })
      .returning({ id: contactRequests.id }),
  );
  return row!.id;
}
