import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { identityChecks, users } from "~/db/schema";
import { displayName } from "~/domain/display-name";
import { DomainError } from "~/domain/errors";
import { siteOrigin } from "~/env.server";
import { defineQueue, transactionWithJobs } from "~/infra/jobs.server";
import { log } from "~/infra/log.server";
import { notify } from "~/infra/notify.server";
import { type IdentityEvent, isFinalDecision } from "~/infra/persona.server";
import { type Actor, writeAudit } from "./audit.server";

/**
 * Identity checks decided away from the browser (docs/product.md, Identity checks and text messages;
 * docs/decisions/0068-identity-checks-through-persona.md): the provider's webhook events, taken once by
 * app/routes/webhooks+/identity.ts and applied by the `identity-events` job, and the trust team's decision of a check
 * the provider marked for review. Passed → verified; failed → refused with the reason; review → the trust team's
 * queue (users whose identityStatus is "review"). The user is told of each outcome.
 */

export const VERIFICATION_PAGE = "/user-profile/profile-persona-verification";

export type IdentityOutcome = "passed" | "failed" | "review";

type CheckRow = typeof identityChecks.$inferSelect;

/** Sets the check's outcome, and the user's when it is their latest check; tells the user, in `tx`. */
async function settleCheck(
  tx: Database,
  check: CheckRow,
  outcome: IdentityOutcome,
  reason: string | null,
  /** The provider's event's time; null for the trust team's decision. */
  eventAt: Date | null,
): Promise<void> {
  const now = new Date();
  await tx
    .update(identityChecks)
    .set({
      status: outcome,
      reason: outcome === "failed" ? reason : null,
      completedAt: outcome === "review" ? null : now,
      ...(eventAt ? { providerEventAt: eventAt } : { teamDecidedAt: now }),
    })
    .where(eq(identityChecks.id, check.id));
  const [latest] = await tx
    .select({ id: identityChecks.id })
    .from(identityChecks)
    .where(eq(identityChecks.userId, check.userId))
    .orderBy(desc(identityChecks.createdAt), desc(identityChecks.id))
    .limit(1);
  // An older check decided late does not overwrite what the user's newer check says.
  if (latest?.id !== check.id) return;
  const [user] = await tx
    .update(users)
    .set({ identityStatus: outcome, identityCheckedAt: outcome === "review" ? null : now, updatedAt: now })
    .where(eq(users.id, check.userId))
    .returning({ nickName: users.nickName, firstName: users.firstName });
  if (!user) return;
  await notify(
    {
      userId: check.userId,
      kind: "identityUpdate",
      data: {
        name: displayName(user),
        outcome,
        reason: outcome === "failed" ? reason : null,
        pagePath: VERIFICATION_PAGE,
        pageLink: new URL(VERIFICATION_PAGE, siteOrigin()).href,
      },
    },
    { transaction: tx },
  );
}

/**
 * Applies one of the provider's events to the check it names, in one transaction with the check's row locked, so
 * two events of one inquiry are applied one after the other. What it ignores: an event of no check of ours, one
 * whose reference-id is not the check's user (never trusted to move another user's badge), an event older than
 * the one last applied (events may arrive out of order), and what `canMove` does not let move the check.
 */
export async function applyIdentityEvent(
  db: Database,
  provider: string,
  event: IdentityEvent,
): Promise<void> {
  const { outcome } = event;
  if (!outcome) return;
  await transactionWithJobs(db, async (tx) => {
    const [check] = await tx
      .select()
      .from(identityChecks)
      .where(and(eq(identityChecks.provider, provider), eq(identityChecks.providerCheckId, event.inquiryId)))
      .limit(1)
      .for("update");
    if (!check) {
      log.warn(`[identity] ${provider} event ${event.eventId} names no check of ours (${event.inquiryId}).`);
      return;
    }
    if (event.referenceId !== null && event.referenceId !== check.userId) {
      log.warn(`[identity] ${provider} event ${event.eventId}: its reference-id is not the check's user.`);
      return;
    }
    const at = new Date(event.createdAt);
    if (check.providerEventAt && at <= check.providerEventAt) return;
    if (!canMove(check, event.name)) return;
    if (check.status === outcome) {
      // The same outcome again (declined after failed): nothing new to tell.
      await tx.update(identityChecks).set({ providerEventAt: at }).where(eq(identityChecks.id, check.id));
      return;
    }
    await settleCheck(tx, check, outcome, event.reason, at);
  });
}

/**
 * Which of the provider's events may move a check: none once the trust team decided it (docs/product.md: "needs
 * review" → the trust team decides); a decision (approved, declined — Persona's reviewers may decide a review too)
 * any other; a failure to finish or a review only a check still pending.
 */
function canMove(check: CheckRow, eventName: string): boolean {
  if (check.teamDecidedAt) return false;
  if (isFinalDecision(eventName)) return true;
  return check.status === "pending";
}

export type IdentityEventJob = { provider: string; event: IdentityEvent | null };

/** The provider's identity events, once the webhook took them; a repeat of an applied event changes nothing. */
export const identityEventsQueue = defineQueue<IdentityEventJob>(
  "identity-events",
  async ({ provider, event }) => {
    if (!event) return;
    const { db } = await getDatabase();
    await applyIdentityEvent(db, provider, event);
  },
  { retryDelay: 5, retryLimit: 8, jobSeconds: 30 },
);

export const IDENTITY_REVIEW_MESSAGES = {
  notInReview: "This user has no identity check waiting for review.",
  reasonRequired: "Say why the identity check is refused: the user is told.",
} as const;

/**
 * The trust team decides a check the provider marked for review (the operator console calls this): passed →
 * verified, failed → refused with the team's reason, which the user is told. Only a user whose identity is in
 * review can be decided, once. With `audit` (the console's call) the operator's audit row is written in the same
 * transaction as the decision.
 */
export async function decideIdentityReview(
  db: Database,
  userId: string,
  decision: "passed" | "failed",
  reason?: string,
  audit?: { actor: Actor; note: string },
): Promise<void> {
  const why = reason?.trim() || null;
  if (decision === "failed" && !why)
    throw new DomainError("invalid", IDENTITY_REVIEW_MESSAGES.reasonRequired, "reason");
  await transactionWithJobs(db, async (tx) => {
    const [user] = await tx
      .select({ identityStatus: users.identityStatus })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (user?.identityStatus !== "review")
      throw new DomainError("conflict", IDENTITY_REVIEW_MESSAGES.notInReview);
    const [check] = await tx
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.userId, userId))
      .orderBy(desc(identityChecks.createdAt), desc(identityChecks.id))
      .limit(1)
      .for("update");
    if (check?.status !== "review") throw new DomainError("conflict", IDENTITY_REVIEW_MESSAGES.notInReview);
    await settleCheck(tx, check, decision, why, null);
    if (audit)
      await writeAudit(tx, audit.actor, {
        action: decision === "passed" ? "identity.pass" : "identity.fail",
        recordType: "user",
        recordId: userId,
        before: { identityStatus: "review", checkId: check.id },
        after: { identityStatus: decision, reason: decision === "failed" ? why : null },
        note: audit.note,
      });
  });
}
