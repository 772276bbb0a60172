import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogueCaughtUp } from "~/db/catalogue.server";
import { getDatabase } from "~/db/db.server";
import { cities, spacePhotos, spaces, uploads } from "~/db/schema";
import { loadHomePage } from "~/screens/home.server";
import { createUser, loggedInUser } from "./helpers";

/**
 * The home page's featured rows for visitors are kept until the catalogue changes (app/screens/home.server.ts):
 * a listing that goes live, or goes away, shows so on the very next visit.
 */
let hostId: string;
let makatiId: number;
let made = 0;

async function storageListing(): Promise<string> {
  const { db } = await getDatabase();
  made += 1;
  const [row] = await db
    .insert(spaces)
    .values({
      hostId,
      status: "active",
      storageType: "storage",
      kind: "spareRoom",
      spaceTitle: `Home listing ${made}`,
      description: null,
      addressLine1: `${made} Jupiter Street`,
      cityId: makatiId,
      barangay: "Bel-Air",
      province: "Metro Manila",
      latitude: 14.55 + made * 0.0001,
      longitude: 121.02 + made * 0.0001,
      lengthM: 2,
      widthM: 3,
      heightM: 2.5,
      areaSqm: 6,
      volumeCbm: 15,
      vehicleSize: null,
      unitOfRental: "sqm",
      unitsAvailable: 1,
      features: [],
      accessOption: null,
      rentalDurations: ["1_month"],
      monthlyPrice: 300_000,
      dailyPrice: null,
      // Newer than any other: first among listings without reviews.
      publishedAt: new Date(Date.UTC(2030, 0, 1) + made * 60_000),
    })
    .returning();
  if (!row) throw new Error("listing not stored");
  // With a cover photo: featured cards with one come first.
  const [upload] = await db
    .insert(uploads)
    .values({
      ownerId: hostId,
      kind: "spaceImages",
      storageKey: `spaceImages/${row.id}/cover.jpg`,
      contentType: "image/jpeg",
      bytes: 1000,
      width: 1600,
      height: 1200,
      variants: [],
    })
    .returning();
  await db.insert(spacePhotos).values({ uploadId: upload?.id ?? "", spaceId: row.id, position: 0 });
  return row.id;
}

async function home(cookie?: string) {
  // A test reads right after it writes: on PostgreSQL it waits until this instance has heard (ADR 0037).
  await catalogueCaughtUp((await getDatabase()).db);
  return loadHomePage(new Request("http://localhost/", { headers: cookie ? { Cookie: cookie } : {} }));
}

const featuredIds = async (cookie?: string) => (await home(cookie)).featured.map((card) => card._id);

beforeAll(async () => {
  const { db } = await getDatabase();
  const [makati] = await db.select().from(cities).where(eq(cities.slug, "makati"));
  if (!makati) throw new Error("no Makati");
  makatiId = makati.id;
  hostId = (await createUser()).user.id;
});

describe("the home page's featured listings for visitors", () => {
  it("are the same for every visitor until a listing changes, then show the change at once", async () => {
    const first = await home();
    const again = await home();
    expect(again.featured).toEqual(first.featured);
    // Kept, not searched again.
    expect(again.featured).toBe(first.featured);

    const fresh = await storageListing();
    expect(await featuredIds()).toContain(fresh);

    const { db } = await getDatabase();
    await db.update(spaces).set({ status: "inactive" }).where(eq(spaces.id, fresh));
    expect(await featuredIds()).not.toContain(fresh);
  });

  it("are not what a logged-in renter sees: theirs are searched for them", async () => {
    const fresh = await storageListing();
    const { cookie } = await loggedInUser();
    expect(await featuredIds(cookie)).toContain(fresh);
    const { db } = await getDatabase();
    await db.update(spaces).set({ status: "inactive" }).where(eq(spaces.id, fresh));
    expect(await featuredIds(cookie)).not.toContain(fresh);
  });
});
