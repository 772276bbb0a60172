import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import type { SearchResult } from "~/api/space/search.server";
import type { UploadView } from "~/core/uploads.server";
import { getDatabase } from "~/db/db.server";
import { cities, spacePhotos, spaces, uploads } from "~/db/schema";
import type { SpaceView } from "~/domain/space";
import { type Answer, call, expectStatus, fileForm, loggedInUser, postForm } from "./helpers";

/**
 * Photos in the "recommended" sort (ADR 0013): spaces.photo_count, kept by triggers on space_photos
 * (drizzle/0005_photo_count.sql) through uploads, the photos step, bulk inserts, moves and deletes; and a listing
 * with more photos ranking above an otherwise equal one.
 */

type Host = Awaited<ReturnType<typeof loggedInUser>>;
type ImageAnswer = UploadView & { space: SpaceView };

let png: Buffer;
let makati: { id: number; latitude: number; longitude: number };
let made = 0;

beforeAll(async () => {
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#3a5" } })
    .png()
    .toBuffer();
  const { db } = await getDatabase();
  const [city] = await db.select().from(cities).where(eq(cities.slug, "makati"));
  if (!city) throw new Error("no Makati in the reference data");
  makati = city;
});

async function photoCount(spaceId: string): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db.select({ photoCount: spaces.photoCount }).from(spaces).where(eq(spaces.id, spaceId));
  if (!row) throw new Error("no such listing");
  return row.photoCount;
}

/** What photo_count should be: the listing's space_photos rows. */
async function countedPhotos(spaceId: string): Promise<number> {
  const { db } = await getDatabase();
  return db.$count(spacePhotos, eq(spacePhotos.spaceId, spaceId));
}

function uploadPhoto(host: Host, spaceId: string): Promise<Answer<ImageAnswer>> {
  const file = { bytes: png as Uint8Array, name: "room.png", type: "image/png" };
  return postForm<ImageAnswer>("/space/imageUploadSpaces", fileForm("image", file, { spaceId }), {
    cookie: host.cookie,
  });
}

/** A draft listing of `host`, through the wizard's first step. */
async function draftOf(host: Host): Promise<string> {
  const answer = await call<SpaceView>("POST", "/space/addMySpace", {
    cookie: host.cookie,
    body: {
      step: "location",
      addressLine1: "7 Paseo de Roxas",
      addressLine2: "Unit 4",
      city: "makati",
      barangay: "Bel-Air",
      province: "Metro Manila",
    },
  });
  expectStatus(answer, 200);
  return answer.body.result._id;
}

/** A published storage listing in Makati with no photos, straight into the database; all alike but the moment. */
async function activeListing(hostId: string, publishedAt: Date): Promise<string> {
  const { db } = await getDatabase();
  made += 1;
  const [row] = await db
    .insert(spaces)
    .values({
      hostId,
      status: "active",
      storageType: "storage",
      kind: "spareRoom",
      spaceTitle: `Photo listing ${made}`,
      description: "A dry, locked room on the ground floor, next to the lift. ".repeat(3),
      addressLine1: `${made} Ayala Avenue`,
      cityId: makati.id,
      barangay: "Bel-Air",
      province: "Metro Manila",
      latitude: makati.latitude + made * 0.0001,
      longitude: makati.longitude + made * 0.0001,
      lengthM: 2,
      widthM: 3,
      heightM: 2.5,
      areaSqm: 6,
      volumeCbm: 15,
      unitOfRental: "sqm",
      features: ["cctv"],
      rentalDurations: ["1_month"],
      monthlyPrice: 300_000,
      publishedAt,
    })
    .returning({ id: spaces.id });
  if (!row) throw new Error("listing not stored");
  return row.id;
}

/** `count` photo uploads of `ownerId`, straight into the database (no files): their ids. */
async function photoUploads(ownerId: string, count: number): Promise<string[]> {
  if (count === 0) return [];
  const { db } = await getDatabase();
  const rows = await db
    .insert(uploads)
    .values(
      Array.from({ length: count }, (_, i) => ({
        ownerId,
        kind: "spaceImages" as const,
        storageKey: `spaceImages/${randomUUID()}/${i}.jpg`,
        contentType: "image/jpeg",
        bytes: 1000,
        width: 1600,
        height: 1200,
        variants: [],
      })),
    )
    .returning({ id: uploads.id });
  return rows.map((row) => row.id);
}

async function recommended(): Promise<string[]> {
  const answer = await call<SearchResult>("POST", "/space/newSpaceSearch/1?storageType=storage&city=makati");
  expectStatus(answer, 200);
  return answer.body.result.results.map((card) => card._id);
}

describe("spaces.photo_count", () => {
  it("follows the photos a host uploads and drops in the photos step", async () => {
    const host = await loggedInUser();
    const spaceId = await draftOf(host);
    expect(await photoCount(spaceId)).toBe(0);
    const ids: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const answer = await uploadPhoto(host, spaceId);
      expectStatus(answer, 200);
      ids.push(answer.body.result.uploadId);
      expect(await photoCount(spaceId)).toBe(i);
    }
    const [a, b, c] = ids as [string, string, string];

    // Reordering moves no photo between listings: the count stays.
    const reordered = await call<SpaceView>("POST", "/space/addMySpace", {
      cookie: host.cookie,
      body: { step: "add-more-details", spaceId, photoOrder: [c, b, a], coverPhotoIndex: 0 },
    });
    expectStatus(reordered, 200);
    expect(await photoCount(spaceId)).toBe(3);

    // Leaving photos out of the order deletes them.
    const trimmed = await call<SpaceView>("POST", "/space/addMySpace", {
      cookie: host.cookie,
      body: { step: "add-more-details", spaceId, photoOrder: [b], coverPhotoIndex: 0 },
    });
    expectStatus(trimmed, 200);
    expect(trimmed.body.result.spacePhotos.map((photo) => photo.uploadId)).toEqual([b]);
    expect(await photoCount(spaceId)).toBe(1);

    const again = await uploadPhoto(host, spaceId);
    expectStatus(again, 200);
    expect(await photoCount(spaceId)).toBe(2);
    expect(await countedPhotos(spaceId)).toBe(2);
  });

  it("is kept by the database for any writer: bulk inserts, moves, deleted uploads and listings", async () => {
    const host = await loggedInUser();
    const { db } = await getDatabase();
    const one = await activeListing(host.user.id, new Date("2025-01-01T00:00:00Z"));
    const two = await activeListing(host.user.id, new Date("2025-01-01T00:00:00Z"));

    // One statement with rows for two listings.
    const photos = await photoUploads(host.user.id, 5);
    const [p1, p2, p3, p4, p5] = photos as [string, string, string, string, string];
    await db.insert(spacePhotos).values([
      { uploadId: p1, spaceId: one, position: 0 },
      { uploadId: p2, spaceId: one, position: 1 },
      { uploadId: p3, spaceId: one, position: 2 },
      { uploadId: p4, spaceId: two, position: 0 },
      { uploadId: p5, spaceId: two, position: 1 },
    ]);
    expect([await photoCount(one), await photoCount(two)]).toEqual([3, 2]);

    // A photo moved to the other listing; a change of position alone counts nothing.
    await db.update(spacePhotos).set({ spaceId: two, position: 2 }).where(eq(spacePhotos.uploadId, p3));
    await db.update(spacePhotos).set({ position: 5 }).where(eq(spacePhotos.spaceId, two));
    expect([await photoCount(one), await photoCount(two)]).toEqual([2, 3]);

    // Deleting an upload deletes its photo (on delete cascade).
    await db.delete(uploads).where(eq(uploads.id, p4));
    expect(await photoCount(two)).toBe(2);

    // A transaction that fails leaves the count as it was.
    await expect(
      db.transaction(async (tx) => {
        await tx.delete(spacePhotos).where(eq(spacePhotos.spaceId, one));
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect(await photoCount(one)).toBe(2);

    // Deleting a listing deletes its photos, which count for no other listing.
    await db.delete(spaces).where(eq(spaces.id, one));
    expect(await photoCount(two)).toBe(2);
    expect(await countedPhotos(two)).toBe(2);

    // Every listing of the database agrees with its rows.
    const result = await db.execute(sql`
      select count(*)::int as "wrong" from ${spaces}
      where ${spaces.photoCount} <> (select count(*) from ${spacePhotos} where ${spacePhotos.spaceId} = ${spaces.id})`);
    expect((result as unknown as { rows: { wrong: number }[] }).rows[0]?.wrong).toBe(0);
  });
});

describe("the recommended sort", () => {
  it("ranks a listing with more photos above an otherwise equal one, as photos are uploaded", async () => {
    const host = await loggedInUser();
    const { db } = await getDatabase();
    // Equal in all that the score counts; `older` was published first, so it ranks second while the two tie.
    const older = await activeListing(host.user.id, new Date("2026-03-01T00:00:00Z"));
    const newer = await activeListing(host.user.id, new Date("2026-03-02T00:00:00Z"));
    const [first] = (await photoUploads(host.user.id, 1)) as [string];
    await db.insert(spacePhotos).values({ uploadId: first, spaceId: newer, position: 0 });
    const before = await recommended();
    expect(before.indexOf(newer)).toBeLessThan(before.indexOf(older));

    // The older listing's first photo through the API: both have one photo, the newer still leads.
    expectStatus(await uploadPhoto(host, older), 200);
    const tied = await recommended();
    expect(tied.indexOf(newer)).toBeLessThan(tied.indexOf(older));

    // A second photo puts the older listing first.
    expectStatus(await uploadPhoto(host, older), 200);
    const after = await recommended();
    expect(after.indexOf(older)).toBeLessThan(after.indexOf(newer));
    const cards = (
      await call<SearchResult>("POST", "/space/newSpaceSearch/1?storageType=storage&city=makati")
    ).body.result.results;
    expect(cards.find((card) => card._id === older)?.photoCount).toBe(2);
  });

  it("counts at most five photos", async () => {
    const host = await loggedInUser();
    const { db } = await getDatabase();
    const older = await activeListing(host.user.id, new Date("2026-04-01T00:00:00Z"));
    const newer = await activeListing(host.user.id, new Date("2026-04-02T00:00:00Z"));
    const olderPhotos = await photoUploads(host.user.id, 8);
    const newerPhotos = await photoUploads(host.user.id, 5);
    await db
      .insert(spacePhotos)
      .values([
        ...olderPhotos.map((uploadId, position) => ({ uploadId, spaceId: older, position })),
        ...newerPhotos.map((uploadId, position) => ({ uploadId, spaceId: newer, position })),
      ]);
    expect([await photoCount(older), await photoCount(newer)]).toEqual([8, 5]);
    // Eight photos score as five: the tie goes to the newer listing.
    const ids = await recommended();
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
  });
});
