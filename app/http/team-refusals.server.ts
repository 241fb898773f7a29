import type { TeamError } from "~/services/staff/team.server";
import { notFoundPage } from "./entity.server";
import { Refusal } from "./refusal.server";

/** The service's refusals as answers: the page's message, nothing changed. */
export const TEAM_REFUSALS: Record<TeamError, () => Refusal> = {
  "not-found": () => notFoundPage(),
  "role-not-found": () => new Refusal(400, { key: "staffAdmin.errors.roleNotFound" }),
  escalation: () => new Refusal(403, { key: "staffAdmin.errors.escalation" }),
  "owner-only": () => new Refusal(403, { key: "staffAdmin.errors.ownerOnly" }),
  "last-owner": () => new Refusal(409, { key: "staffAdmin.errors.lastOwner" }),
  yourself: () => new Refusal(400, { key: "staffAdmin.errors.yourself" }),
  "already-staff": () => new Refusal(409, { key: "staffAdmin.errors.alreadyStaff" }),
  "name-taken": () => new Refusal(409, { key: "staffAdmin.errors.nameTaken" }),
  "role-in-use": () => new Refusal(409, { key: "staffAdmin.errors.roleInUse" }),
  "not-pending": () => new Refusal(409, { key: "staffAdmin.errors.notPending" }),
};
