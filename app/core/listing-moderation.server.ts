import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type SpaceRow, spaces, users } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { NOTE_NEEDED, REASON_NEEDED } from "~/domain/operators";
import { type Actor, writeAudit } from "./audit.server";

/**
 * An operator's say over listings (docs/operations.md): hiding one from renters with a reason its host sees,
 * restoring it, and the host's "Verified host" mark (`users.admin_verified`, set only here). Each writes its audit row
 * in the same transaction.
 */

export const LISTING_NOT_FOUND = "This listing was not found.";
export const HOST_NOT_FOUND = "This account was not found.";

async function lockedListing(tx: Database, spaceId: string): Promise<SpaceRow> {
  const [row] = await tx.select().from(spaces).where(eq(spaces.id, spaceId)).for("update");
  if (!row) throw new DomainError("not_found", LISTING_NOT_FOUND);
  return row;
}

/** Hides a listing: it leaves search at once and its page answers 410 with `reason`. */
export async function hideListing(
  db: Database,
  actor: Actor,
  spaceId: string,
  reason: string,
): Promise<SpaceRow> {
  const why = reason.trim();
  if (!why) throw new DomainError("invalid", REASON_NEEDED, "reason");
  return db.transaction(async (tx) => {
    const row = await lockedListing(tx, spaceId);
    if (row.hiddenAt) throw new DomainError("conflict", "This listing is hidden already.");
    const [saved] = await tx
      .update(spaces)
      .set({ hiddenAt: new Date(), hiddenReason: why })
      .where(eq(spaces.id, spaceId))
      .returning();
    await writeAudit(tx, actor, {
      action: "listing.hide",
      recordType: "listing",
      recordId: spaceId,
      before: { hidden: false },
      after: { hidden: true, reason: why },
      note: why,
    });
    return saved as SpaceRow;
  });
}

/** Shows a hidden listing to renters again (as its status says: an active one is back in search). */
export async function restoreListing(
  db: Database,
  actor: Actor,
  spaceId: string,
  note: string,
): Promise<SpaceRow> {
  const why = note.trim();
  if (!why) throw new DomainError("invalid", NOTE_NEEDED, "note");
  return db.transaction(async (tx) => {
    const row = await lockedListing(tx, spaceId);
    if (!row.hiddenAt) throw new DomainError("conflict", "This listing is not hidden.");
    const [saved] = await tx
      .update(spaces)
      .set({ hiddenAt: null, hiddenReason: null })
      .where(eq(spaces.id, spaceId))
      .returning();
    await writeAudit(tx, actor, {
      action: "listing.restore",
      recordType: "listing",
      recordId: spaceId,
      before: { hidden: true, reason: row.hiddenReason },
      after: { hidden: false },
      note: why,
    });
    return saved as SpaceRow;
  });
}

/** Sets or clears the account's "Verified host" mark (adminVerified), which only an operator sets. */
export async function setAdminVerified(
  db: Database,
  actor: Actor,
  userId: string,
  verified: boolean,
  note: string,
): Promise<void> {
  const why = note.trim();
  if (!why) throw new DomainError("invalid", NOTE_NEEDED, "note");
  await db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
    if (!user) throw new DomainError("not_found", HOST_NOT_FOUND);
    if (user.adminVerified === verified)
      throw new DomainError(
        "conflict",
        verified ? "This account is verified already." : "This account is not verified.",
      );
    await tx
      .update(users)
      .set({ adminVerified: verified, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await writeAudit(tx, actor, {
      action: verified ? "user.verify" : "user.unverify",
      recordType: "user",
      recordId: userId,
      before: { adminVerified: user.adminVerified },
      after: { adminVerified: verified },
      note: why,
    });
  });
}
