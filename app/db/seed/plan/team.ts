/** The demo team's custom roles and a pending invitation (issue 36, decision 041). */
import { uuidv7 } from "uuidv7";
import type * as schema from "~/db/schema";
import { API_TOKEN_SHOWN_CHARS, hashApiToken } from "~/lib/api-token.server";
import { WEBHOOK_TOPICS } from "~/lib/webhooks";
import { DEMO_API_TOKEN, DEMO_WEBHOOK } from "../accounts";
import type { StoreDef } from "../stores";
import { daysBefore } from "./types";

const INVITATION_DAYS = 7;

export function planTeam(storeId: string, def: StoreDef, adminId: string, now: Date) {
  const createdAt = daysBefore(now, 30);
  const staffRoles: (typeof schema.staffRoles.$inferInsert)[] = (def.customRoles ?? []).map((role) => ({
    storeId,
    id: uuidv7(),
    name: role.name,
    permissions: role.permissions,
    createdAt,
    updatedAt: createdAt,
  }));
  const staffInvitations: (typeof schema.staffInvitations.$inferInsert)[] = (
    def.pendingInvitations ?? []
  ).map((invitation) => {
    const sentAt = daysBefore(now, invitation.sentDaysAgo);
    const role = invitation.role ? staffRoles.find((r) => r.name === invitation.role) : undefined;
    return {
      storeId,
      id: uuidv7(),
      email: invitation.email,
      staffPreset: role ? null : (invitation.preset ?? "orders"),
      staffRoleId: role?.id ?? null,
      invitedBy: adminId,
      // Whole seconds: the link is signed over the expiry in seconds.
      expiresAt: new Date(Math.floor((sentAt.getTime() + INVITATION_DAYS * 86_400_000) / 1000) * 1000),
      createdAt: sentAt,
      updatedAt: sentAt,
    };
  });
  // The demo's Admin API token (issue 38), made by the owner a week ago.
  const apiTokens: (typeof schema.apiTokens.$inferInsert)[] =
    def.slug === DEMO_API_TOKEN.store
      ? [
          {
            storeId,
            id: uuidv7(),
            name: DEMO_API_TOKEN.name,
            prefix: DEMO_API_TOKEN.secret.slice(0, API_TOKEN_SHOWN_CHARS),
            tokenHash: hashApiToken(DEMO_API_TOKEN.secret),
            scopes: [...DEMO_API_TOKEN.scopes],
            createdBy: adminId,
            createdAt: daysBefore(now, 7),
          },
        ]
      : [];
  // The demo's webhook to the local receiver (issue 38, decision 047).
  const webhookSubscriptions: (typeof schema.webhookSubscriptions.$inferInsert)[] =
    def.slug === DEMO_WEBHOOK.store
      ? [
          {
            storeId,
            id: uuidv7(),
            url: DEMO_WEBHOOK.url,
            topics: [...WEBHOOK_TOPICS],
            secret: DEMO_WEBHOOK.secret,
            createdBy: adminId,
            createdAt: daysBefore(now, 7),
          },
        ]
      : [];
  return { staffRoles, staffInvitations, apiTokens, webhookSubscriptions };
}
