import { and, eq, isNull, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { bookings, sessions, spaces, users } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { NOTE_NEEDED } from "~/domain/operators";
import { type Actor, writeAudit } from "./audit.server";
import { applyBookingEventIn, bookingTransaction } from "./booking-service.server";

/**
 * Suspending an account (docs/operations.md): in one transaction with its audit row, the
 * account is marked, every session of it ends, its listings leave search (their pages answer 410), and every open
 * request it made or received is declined through the booking machine's decline — everything paid is refunded.
 * Approved and active bookings go on; an operator decides them. Restoring lifts the mark only.
 */

export const ACCOUNT_NOT_FOUND = "This account was not found.";
/** The decline's reason, which both sides read in the booking's history and e-mail. */
export const SUSPENDED_DECLINE_REASON =
  "the account of one side was suspended by Space Solution. Everything paid is refunded.";

export async function suspendUser(
  db: Database,
  actor: Actor,
  userId: string,
  note: string,
): Promise<{ declined: string[] }> {
  const why = note.trim();
  if (!why) throw new DomainError("invalid", NOTE_NEEDED, "note");
  return bookingTransaction(db, async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new DomainError("not_found", ACCOUNT_NOT_FOUND);
    if (user.suspendedAt) throw new DomainError("conflict", "This account is suspended already.");
    if (actor.id === userId) throw new DomainError("forbidden", "You cannot suspend your own account.");
    const now = new Date();
    await tx
      .update(users)
      .set({ suspendedAt: now, suspensionNote: why, updatedAt: now })
      .where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    // The listings' rows are written so that the search's cached answers hear of it (app/db/catalogue.server.ts).
    await tx.update(spaces).set({ updatedAt: now }).where(eq(spaces.hostId, userId));
    const open = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(eq(bookings.state, "requested"), or(eq(bookings.renterId, userId), eq(bookings.hostId, userId))),
      );
    const declined: string[] = [];
    for (const { id } of open) {
      await applyBookingEventIn(
        tx,
        id,
        { type: "decline", actor: "host", reason: SUSPENDED_DECLINE_REASON },
        { at: now },
      );
      declined.push(id);
    }
    await writeAudit(tx, actor, {
      action: "user.suspend",
      recordType: "user",
      recordId: userId,
      before: { suspended: false },
      after: { suspended: true, declinedRequests: declined },
      note: why,
    });
    return { declined };
  });
}

export async function restoreUser(db: Database, actor: Actor, userId: string, note: string): Promise<void> {
  const why = note.trim();
  if (!why) throw new DomainError("invalid", NOTE_NEEDED, "note");
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new DomainError("not_found", ACCOUNT_NOT_FOUND);
    if (!user.suspendedAt) throw new DomainError("conflict", "This account is not suspended.");
    const now = new Date();
    await tx
      .update(users)
      .set({ suspendedAt: null, suspensionNote: null, updatedAt: now })
      .where(eq(users.id, userId));
    await tx.update(spaces).set({ updatedAt: now }).where(eq(spaces.hostId, userId));
    await writeAudit(tx, actor, {
      action: "user.restore",
      recordType: "user",
      recordId: userId,
      before: { suspended: true, note: user.suspensionNote },
      after: { suspended: false },
      note: why,
    });
  });
}
