import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { spacePhotos, spaces, uploads, users } from "~/db/schema";
import type { SpaceCardView, SpaceView } from "~/domain/space";
import { getStorage } from "~/infra/storage.server";
import {
  DEMO_HOSTS,
  DEMO_INACTIVE_TITLE,
  DEMO_PARKING_TITLE,
  DEMO_PENDING_TITLE,
  DEMO_SPACES,
  DEMO_STORAGE_TITLE,
} from "~/seed/demo-spaces";
import { DEMO_PASSWORD } from "~/seed/demo-users";
import { seedDemoSpaces, seedDemoUsers } from "~/seed/seed.server";
import { call, expectStatus, loginCookie } from "./helpers";

/**
 * The demo seed (realistic demo listings, with photos the seed script makes): the
 * demo hosts' listings are there, published ones are complete, and every photo is a real stored JPEG with its WebP
 * renditions, each listing's files its own.
 */

type MyListings = { listings: SpaceView[]; count: number; counts: Record<string, number> };

let added = 0;
let seedMs = 0;

beforeAll(async () => {
  const { db } = await getDatabase();
  await seedDemoUsers(db);
  const started = performance.now();
  added = await seedDemoSpaces(db);
  seedMs = performance.now() - started;
}, 120_000);

async function hostSession(host: keyof typeof DEMO_HOSTS) {
  const { db } = await getDatabase();
  const [user] = await db.select().from(users).where(eq(users.email, DEMO_HOSTS[host]));
  if (!user) throw new Error(`${host} is missing`);
  return { user, cookie: await loginCookie(DEMO_HOSTS[host], DEMO_PASSWORD) };
}

async function listings(host: keyof typeof DEMO_HOSTS, status: "pending" | "active" | "inactive") {
  const { user, cookie } = await hostSession(host);
  const answer = await call<MyListings>("GET", `/space/${status}Listing?userId=${user.id}`, { cookie });
  expectStatus(answer, 200);
  return answer.body.result;
}

describe("the demo seed", () => {
  it("adds every demo listing once", async () => {
    expect(added).toBe(DEMO_SPACES.length);
    console.info(`[seed test] ${added} demo listings with photos in ${Math.round(seedMs)} ms`);
    const { db } = await getDatabase();
    expect(await seedDemoSpaces(db)).toBe(0);
    expect(await db.$count(spaces)).toBe(DEMO_SPACES.length);
  });

  it("gives Maria active listings, one pending draft and one inactive listing", async () => {
    const active = await listings("maria", "active");
    const expected = DEMO_SPACES.filter((space) => space.host === "maria" && space.status === "active");
    expect(active.counts).toEqual({ pending: 1, active: expected.length, inactive: 1 });
    expect(active.listings.map((space) => space.spaceTitle).sort()).toEqual(
      expected.map((space) => space.spaceTitle).sort(),
    );
    const pending = await listings("maria", "pending");
    expect(pending.listings.map((space) => space.spaceTitle)).toEqual([DEMO_PENDING_TITLE]);
    expect(pending.listings[0]?.resumeStep).toBe("add-more-details");
    expect(pending.listings[0]?.publishingGaps.length).toBeGreaterThan(0);
    const inactive = await listings("maria", "inactive");
    expect(inactive.listings.map((space) => space.spaceTitle)).toEqual([DEMO_INACTIVE_TITLE]);
  });

  it("makes every active listing complete, with 2 to 4 photos that have WebP renditions", async () => {
    const all = [
      ...(await listings("maria", "active")).listings,
      ...(await listings("ana", "active")).listings,
    ];
    expect(all.length).toBe(DEMO_SPACES.filter((space) => space.status === "active").length);
    for (const space of all) {
      expect(space.availableForRent).toBe("Active");
      expect(space.publishingGaps, space.spaceTitle ?? "").toEqual([]);
      expect(space.spacePhotos.length).toBeGreaterThanOrEqual(2);
      expect(space.spacePhotos.length).toBeLessThanOrEqual(4);
      for (const photo of space.spacePhotos) {
        expect(photo.url).toMatch(/^\/uploads\/spaceImages\/[0-9a-f-]+\/image\.jpg$/);
        expect(photo.width).toBe(1280);
        expect(photo.height).toBe(960);
        expect(photo.variants.map((variant) => variant.width)).toEqual([320, 640, 1280]);
      }
    }
    const storage = all.find((space) => space.spaceTitle === DEMO_STORAGE_TITLE);
    expect(storage).toMatchObject({
      storageType: "storage",
      listingPrice: 300_000,
      rentMode: { entireSpace: true },
      address: { citySlug: "makati" },
    });
    const parking = all.find((space) => space.spaceTitle === DEMO_PARKING_TITLE);
    expect(parking).toMatchObject({
      storageType: "parking",
      dailyPrice: 15_000,
      perMonthPrice: 400_000,
      address: { citySlug: "taguig" },
    });
  });

  it("stores real image files, and no two uploads share one", async () => {
    const { db } = await getDatabase();
    const rows = await db
      .select({ upload: uploads })
      .from(spacePhotos)
      .innerJoin(uploads, eq(uploads.id, spacePhotos.uploadId));
    expect(rows.length).toBe(DEMO_SPACES.reduce((total, space) => total + space.photos.length, 0));
    const keys = rows.flatMap(({ upload }) => [
      upload.storageKey,
      ...upload.variants.map((variant) => variant.storageKey),
    ]);
    expect(new Set(keys).size).toBe(keys.length);
    // Every upload owned by the listing's host, of kind spaceImages.
    for (const { upload } of rows) expect(upload.kind).toBe("spaceImages");

    const storage = getStorage();
    const { upload } = rows[0] as (typeof rows)[number];
    const jpeg = await storage.get(upload.storageKey);
    expect([...(jpeg?.bytes.subarray(0, 3) ?? [])]).toEqual([0xff, 0xd8, 0xff]);
    for (const variant of upload.variants) {
      const webp = await storage.get(variant.storageKey);
      expect(Buffer.from(webp?.bytes.subarray(8, 12) ?? []).toString("latin1")).toBe("WEBP");
    }
    // A copy (a later use of the same picture) has files of its own with the same bytes.
    const last = rows.at(-1)?.upload;
    if (!last) throw new Error("no photos");
    expect((await storage.get(last.storageKey))?.bytes.byteLength).toBe(last.bytes);
  });

  it("lets renters find the known listings by city and type", async () => {
    const storage = await call<{ results: SpaceCardView[] }>(
      "POST",
      "/space/newSpaceSearch/1?storageType=storage&city=makati",
    );
    expectStatus(storage, 200);
    expect(storage.body.result.results.map((card) => card.spaceTitle)).toContain(DEMO_STORAGE_TITLE);
    const parking = await call<{ results: SpaceCardView[] }>(
      "POST",
      "/space/newSpaceSearch/1?storageType=parking&city=taguig",
    );
    expectStatus(parking, 200);
    const card = parking.body.result.results.find((result) => result.spaceTitle === DEMO_PARKING_TITLE);
    expect(card?.coverPhoto?.variants.length).toBe(3);
  });
});
