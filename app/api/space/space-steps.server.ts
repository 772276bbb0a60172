import { asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod/v4";
import { removeUploads } from "~/core/uploads.server";
import type { Database } from "~/db/client.server";
import { barangays, cities, type SpaceRow, spacePhotos, spaces, uploads } from "~/db/schema";
import {
  applyStep,
  assertPublishable,
  type ListingDraft,
  type ResolvedCity,
  type StepInput,
} from "~/domain/listing-draft";
import type { CurrentUser } from "../endpoint";
import { fieldError } from "../envelope";

/**
 * A listing's draft in the database (ADR 0012): who may touch a listing, loading a draft, applying a step (the
 * rules are app/domain/listing-draft.ts; the location step's city is looked up here), and saving it with its
 * photos — POST /space/addMySpace applies one step, POST /space/editSpace several, in the steps' order.
 */

export const LISTING_NOT_FOUND = "This listing does not exist.";
export const NOT_YOUR_LISTING = "You can only change your own listing.";
export const NOT_YOUR_LISTING_TO_VIEW = "You can only view your own listing.";
/** A listing's id in a query, a path or a body. */
export const SpaceIdSchema = z.uuid({ error: "Unknown space." });

/**
 * The columns the steps change: all but the identity, the owner, the counts (views; photos, kept by a trigger;
 * reviews, kept by the review service), the timestamps of the row, an operator's hiding (never the host's) and
 * Flood-safe (generated from the readiness facts). A listing draft (app/domain/listing-draft.ts) of these is what a step changes.
 */
export type SpaceValues = Omit<
  SpaceRow,
  | "id"
  | "hostId"
  | "viewCount"
  | "photoCount"
  | "reviewCount"
  | "reviewStars"
  | "createdAt"
  | "updatedAt"
  | "hiddenAt"
  | "hiddenReason"
  | "floodSafe"
>;

// ---------------------------------------------------------------------------------------------------------------
// Ownership
// ---------------------------------------------------------------------------------------------------------------

/**
 * The caller's listing `spaceId`: 404 when there is none, 403 when it is someone else's. With `lock`, the row is
 * locked until the transaction `db` ends, so concurrent changes of one listing take turns.
 */
export async function ownListing(
  db: Database,
  user: CurrentUser,
  spaceId: string,
  options: { lock?: boolean; message?: string } = {},
): Promise<SpaceRow> {
  const query = db.select().from(spaces).where(eq(spaces.id, spaceId));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw fieldError("spaceId", LISTING_NOT_FOUND, 404);
  if (row.hostId !== user.id) throw fieldError("spaceId", options.message ?? NOT_YOUR_LISTING, 403);
  return row;
}

/** The upload ids of a listing's photos, in order. */
export async function photoIdsOf(db: Database, spaceId: string): Promise<string[]> {
  const rows = await db
    .select({ uploadId: spacePhotos.uploadId })
    .from(spacePhotos)
    .where(eq(spacePhotos.spaceId, spaceId))
    .orderBy(asc(spacePhotos.position));
  return rows.map((row) => row.uploadId);
}

/** A draft of an existing listing (read in the same transaction that saves it). */
export async function draftOf(db: Database, row: SpaceRow): Promise<Draft> {
  const {
    id,
    hostId: _host,
    viewCount: _views,
    photoCount: _photos,
    createdAt: _created,
    updatedAt: _updated,
    // Kept by the database from the readiness facts: a step never writes it.
    floodSafe: _floodSafe,
    ...values
  } = row;
  return { id, values, photoIds: await photoIdsOf(db, id), droppedUploadIds: [] };
}

// ---------------------------------------------------------------------------------------------------------------
// A step
// ---------------------------------------------------------------------------------------------------------------

export type Draft = ListingDraft<SpaceValues>;

/**
 * Applies one step to the draft by the domain's rules (app/domain/listing-draft.ts); the location step's city is
 * looked up here first, with its barangays.
 */
export async function applyStepOf(db: Database, draft: Draft, input: StepInput): Promise<void> {
  let city: ResolvedCity | null = null;
  if (input.step === "location") {
    const [found] = await db
      .select({ id: cities.id })
      .from(cities)
      .where(eq(cities.slug, input.city.trim().toLowerCase()));
    if (found) {
      const names = await db
        .select({ name: barangays.name })
        .from(barangays)
        .where(eq(barangays.cityId, found.id));
      city = { id: found.id, barangays: names.map((row) => row.name) };
    }
  }
  applyStep(draft, input, city);
}

// ---------------------------------------------------------------------------------------------------------------
// Saving
// ---------------------------------------------------------------------------------------------------------------

/**
 * Writes the draft in the transaction `tx`: inserts a new listing or updates the row (an active listing must stay
 * publishable: 400 with the gaps, nothing written), reorders the photos and unlinks the dropped ones. Returns the
 * saved row and the dropped uploads, which the caller deletes with {@link removeDropped} once the transaction is over.
 */
export async function saveDraft(
  tx: Database,
  hostId: string,
  draft: Draft,
): Promise<{ row: SpaceRow; dropped: (typeof uploads.$inferSelect)[] }> {
  if (draft.values.status === "active") assertPublishable(draft);
  const [row] = draft.id
    ? await tx
        .update(spaces)
        .set({ ...draft.values, updatedAt: new Date() })
        .where(eq(spaces.id, draft.id))
        .returning()
    : await tx
        .insert(spaces)
        .values({ ...draft.values, hostId })
        .returning();
  if (!row) throw new Error("the listing was not saved");
  const dropped = draft.droppedUploadIds.length
    ? await tx.select().from(uploads).where(inArray(uploads.id, draft.droppedUploadIds))
    : [];
  const droppedPhotos = dropped.map((upload) => upload.id);
  if (droppedPhotos.length > 0)
    await tx.delete(spacePhotos).where(inArray(spacePhotos.uploadId, droppedPhotos));
  if (draft.id) {
    const current = await photoIdsOf(tx, row.id);
    if (current.join() !== draft.photoIds.join()) {
      for (const [position, uploadId] of draft.photoIds.entries()) {
        await tx.update(spacePhotos).set({ position }).where(eq(spacePhotos.uploadId, uploadId));
      }
    }
  }
  return { row, dropped };
}

/** Deletes uploads a saved draft no longer uses: their rows and their files. */
export async function removeDropped(db: Database, dropped: (typeof uploads.$inferSelect)[]): Promise<void> {
  if (dropped.length > 0) await removeUploads(db, dropped);
}

/** How many photos a listing has, and the position after its last one. */
export async function nextPhotoPosition(
  db: Database,
  spaceId: string,
): Promise<{ count: number; next: number }> {
  const [found] = await db
    .select({
      count: sql<number>`count(*)::int`,
      next: sql<number>`coalesce(max(${spacePhotos.position}) + 1, 0)::int`,
    })
    .from(spacePhotos)
    .where(eq(spacePhotos.spaceId, spaceId));
  return { count: found?.count ?? 0, next: found?.next ?? 0 };
}
