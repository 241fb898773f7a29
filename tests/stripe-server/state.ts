/** The test server's memory: every object by id, with the account it lives on. */
import { randomBytes } from "node:crypto";

export type StripeObject = { id: string; object: string; [field: string]: unknown };

/** Platform objects have no account; Connect objects belong to a connected account. */
export type Owner = string | null;

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

export function now(): number {
  return Math.floor(Date.now() / 1000);
}

export class Objects {
  private readonly byId = new Map<string, { owner: Owner; object: StripeObject }>();

  add<T extends StripeObject>(owner: Owner, object: T): T {
    this.byId.set(object.id, { owner, object });
    return object;
  }

  /** The object if it exists on this account (a connected account cannot see another's). */
  get(owner: Owner, id: string, kind?: string): StripeObject | undefined {
    const entry = this.byId.get(id);
    if (!entry || entry.owner !== owner) return undefined;
    if (kind && entry.object.object !== kind) return undefined;
    return entry.object;
  }

  /** Looks through every account: for the hosted pages, which know only an object's id. */
  find(id: string): { owner: Owner; object: StripeObject } | undefined {
    return this.byId.get(id);
  }

  /** Every object of a kind on every account. */
  all(kind: string): { owner: Owner; object: StripeObject }[] {
    return [...this.byId.values()].filter((entry) => entry.object.object === kind);
  }

  /** Newest first, as Stripe lists. */
  list(owner: Owner, kind: string): StripeObject[] {
    const found: StripeObject[] = [];
    for (const entry of this.byId.values()) {
      if (entry.owner === owner && entry.object.object === kind) found.push(entry.object);
    }
    return found.reverse();
  }
}
