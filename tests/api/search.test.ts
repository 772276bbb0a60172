import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { explainSearch, type RecentSearchView, type SearchResult } from "~/api/space/search-queries.server";
import { catalogueVersion } from "~/db/catalogue.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { cities, favouriteSpaces, recentSearches, spacePhotos, spaces, uploads } from "~/db/schema";
import { DEFAULT_BUDGET } from "~/domain/budget-meter";
import { distanceMetres } from "~/domain/geo";
import { type BudgetMeter, recommendedScore } from "~/domain/search";
import { parseSearchQuery, SEARCH_MESSAGES } from "~/domain/search-rules.server";
import { type Answer, call, createUser, expectStatus, loggedInUser } from "./helpers";

/**
 * Finding spaces (ADR 0013): POST /space/newSpaceSearch/{n} with every filter and sort and its
 * pages, the budget meters, and recentSearch. The listings are written straight into this file's own database.
 */

type Listing = typeof spaces.$inferSelect;
type Overrides = Partial<typeof spaces.$inferInsert> & { city?: string; photos?: number };

const cityIds = new Map<string, { id: number; latitude: number; longitude: number }>();
let hostId: string;
let made = 0;

/** A published listing, straight into the database: storage in Makati unless told otherwise. */
async function listing(overrides: Overrides = {}): Promise<Listing> {
  const { db } = await getDatabase();
  const { city: slug = "makati", photos = 1, ...fields } = overrides;
  const city = cityIds.get(slug);
  if (!city) throw new Error(`unknown city ${slug}`);
  made += 1;
  const type = fields.storageType ?? "storage";
  const [row] = await db
    .insert(spaces)
    .values({
      hostId,
      status: "active",
      storageType: type,
      kind: type === "storage" ? "spareRoom" : "condo",
      spaceTitle: `Listing ${made}`,
      description: null,
      addressLine1: `${made} Jupiter Street`,
      cityId: city.id,
      barangay: "Bel-Air",
      province: "Metro Manila",
      latitude: city.latitude + made * 0.0001,
      longitude: city.longitude + made * 0.0001,
      lengthM: 2,
      widthM: 3,
      heightM: 2.5,
      areaSqm: type === "storage" ? 6 : null,
      volumeCbm: type === "storage" ? 15 : null,
      vehicleSize: type === "parking" ? "sedan" : null,
      unitOfRental: type === "storage" ? "sqm" : null,
      unitsAvailable: 1,
      features: [],
      accessOption: null,
      rentalDurations: ["1_month"],
      monthlyPrice: 300_000,
      dailyPrice: type === "parking" ? 15_000 : null,
      publishedAt: new Date(Date.UTC(2026, 0, 1) + made * 60_000),
      ...fields,
    })
    .returning();
  if (!row) throw new Error("listing not stored");
  for (let position = 0; position < photos; position++) {
    const key = `spaceImages/${row.id}/${position}.jpg`;
    const [upload] = await db
      .insert(uploads)
      .values({
        ownerId: hostId,
        kind: "spaceImages",
        storageKey: key,
        contentType: "image/jpeg",
        bytes: 1000,
        width: 1600,
        height: 1200,
        variants: [
          { width: 480, storageKey: key.replace(".jpg", "-480.webp") },
          { width: 960, storageKey: key.replace(".jpg", "-960.webp") },
        ],
      })
      .returning();
    if (!upload) throw new Error("upload not stored");
    await db.insert(spacePhotos).values({ uploadId: upload.id, spaceId: row.id, position });
  }
  // Read again: the database counted the photos (spaces.photo_count).
  const [stored] = await db.select().from(spaces).where(eq(spaces.id, row.id));
  if (stored?.photoCount !== photos) throw new Error("photos not counted");
  return stored;
}

function search(query: string, page = 1, cookie?: string): Promise<Answer<SearchResult>> {
  return call<SearchResult>("POST", `/space/newSpaceSearch/${page}?${query}`, { cookie });
}

/** The ids a search finds (page 1), in order. */
async function found(query: string): Promise<string[]> {
  const answer = await search(query);
  expectStatus(answer, 200);
  return answer.body.result.results.map((card) => card._id);
}

beforeAll(async () => {
  const { db } = await getDatabase();
  for (const row of await db.select().from(cities)) cityIds.set(row.slug, row);
  hostId = (await createUser()).user.id;
});

describe("POST /space/newSpaceSearch/{n}", () => {
  // Quezon City's listings belong to this block only.
  const where = "storageType=storage&city=quezon-city";
  let base: Listing;
  let big: Listing;
  let cheap: Listing;
  let loaded: Listing;
  let parking: Listing;

  beforeAll(async () => {
    base = await listing({ city: "quezon-city" });
    big = await listing({ city: "quezon-city", areaSqm: 40, kind: "warehouseSpace", monthlyPrice: 900_000 });
    cheap = await listing({ city: "quezon-city", monthlyPrice: 80_000, rentalDurations: ["daily", "week"] });
    loaded = await listing({
      city: "quezon-city",
      monthlyPrice: 450_000,
      features: ["cctv", "gated", "lighting"],
      accessOption: "all_time",
      quickMoveIn: true,
      firstMonthDiscount: true,
      rentalDurations: ["1_month", "6_months"],
      description: "A dry, locked room on the ground floor. ".repeat(5),
      photos: 3,
    });
    parking = await listing({
      city: "quezon-city",
      storageType: "parking",
      vehicleSize: "suv",
      unitsAvailable: 4,
      features: ["covered"],
    });
    // Never found: not active, or another city.
    await listing({ city: "quezon-city", status: "pending" });
    await listing({ city: "quezon-city", status: "inactive" });
    await listing({ city: "pasig" });
  });

  it("finds the active listings of a type in a city, as cards", async () => {
    const answer = await search(where);
    expectStatus(answer, 200);
    const { total, page, pageSize, pages, results } = answer.body.result;
    expect({ total, page, pageSize, pages }).toEqual({ total: 4, page: 1, pageSize: 20, pages: 1 });
    expect(results.map((card) => card._id).sort()).toEqual([base.id, big.id, cheap.id, loaded.id].sort());
    const card = results.find((result) => result._id === loaded.id);
    expect(card).toMatchObject({
      storageType: "storage",
      kind: "spareRoom",
      spaceTitle: loaded.spaceTitle,
      city: "Quezon City",
      citySlug: "quezon-city",
      barangay: "Bel-Air",
      photoCount: 3,
      perMonthPrice: 450_000,
      quickMoveIn: true,
      firstMonthDiscount: true,
      availableForRent: "Active",
      favouriteSpace: false,
    });
    expect(card?.path).toMatch(new RegExp(`^/storage/listings/${loaded.id}/`));
    expect(card?.coverPhoto?.variants).toHaveLength(2);
    // Public fields only: no street address, no exact pin.
    expect(JSON.stringify(card)).not.toContain("Jupiter Street");
    expect(card?.approximateLocation).not.toEqual({ latitude: loaded.latitude, longitude: loaded.longitude });
  });

  it("shows each card's host as the card needs them: the name they go by, their photo, verified or not — no more", async () => {
    const { results } = (await search(where)).body.result;
    // The file's host: Carla, no nickname, no photo, not verified; no e-mail, surname or phone on a public card.
    expect(results.find((result) => result._id === base.id)?.host).toStrictEqual({
      name: "Carla",
      profilePic: null,
      adminVerified: false,
    });
    expect(JSON.stringify(results)).not.toContain("Mendoza");
  });

  it("answers searches of the same shape (statements kept per shape) with their own values", async () => {
    const pasig = await found("storageType=storage&city=pasig&minPrice=1");
    expect(pasig.length).toBeGreaterThan(0);
    expect(pasig).not.toContain(base.id);
    expect((await found(`${where}&minPrice=1`)).sort()).toEqual(
      [base.id, big.id, cheap.id, loaded.id].sort(),
    );
    expect((await found(`${where}&minPrice=4000`)).sort()).toEqual([big.id, loaded.id].sort());
  });

  it("finds parking apart from storage", async () => {
    expect(await found("storageType=parking&city=quezon-city")).toEqual([parking.id]);
  });

  it("narrows the results with each filter", async () => {
    const cases: [string, string[]][] = [
      ["kind=warehouseSpace", [big.id]],
      ["minArea=10", [big.id]],
      ["minPrice=1000&maxPrice=5000", [base.id, loaded.id]],
      ["minPrice=4000", [big.id, loaded.id]],
      ["maxPrice=800", [cheap.id]],
      ["rentalDuration=week", [cheap.id]],
      ["accessOption=all_time", [loaded.id]],
      ["features=cctv&features=gated", [loaded.id]],
      ["features=cctv,lighting", [loaded.id]],
      ["quickMoveIn=true", [loaded.id]],
      ["firstMonthDiscount=true", [loaded.id]],
    ];
    for (const [filter, ids] of cases) {
      const result = await found(`${where}&${filter}`);
      expect(result.sort(), filter).toEqual([...ids].sort());
    }
    expect(await found(`${where}&features=cctv&features=securityGuard`)).toEqual([]);
  });

  it("narrows parking by vehicle size and slots", async () => {
    const parkingWhere = "storageType=parking&city=quezon-city";
    expect(await found(`${parkingWhere}&vehicleSize=sedan`)).toEqual([parking.id]);
    expect(await found(`${parkingWhere}&vehicleSize=suv`)).toEqual([parking.id]);
    expect(await found(`${parkingWhere}&vehicleSize=van`)).toEqual([]);
    expect(await found(`${parkingWhere}&minUnits=4`)).toEqual([parking.id]);
    expect(await found(`${parkingWhere}&minUnits=5`)).toEqual([]);
    expect(await found(`${parkingWhere}&features=covered`)).toEqual([parking.id]);
  });

  it("finds every active listing from any start date while nothing is booked", async () => {
    expect((await found(`${where}&startDate=2026-12-01`)).sort()).toEqual(
      [base.id, big.id, cheap.id, loaded.id].sort(),
    );
  });

  it("keeps to the map's bounds", async () => {
    const qc = cityIds.get("quezon-city");
    if (!qc || loaded.latitude === null || loaded.longitude === null) throw new Error("no point");
    const box = [
      loaded.latitude - 0.00005,
      loaded.longitude - 0.00005,
      loaded.latitude + 0.00005,
      loaded.longitude + 0.00005,
    ];
    expect(await found(`storageType=storage&bounds=${box.join(",")}`)).toEqual([loaded.id]);
    const all = `${qc.latitude - 0.5},${qc.longitude - 0.5},${qc.latitude + 0.5},${qc.longitude + 0.5}`;
    expect(await found(`${where}&bounds=${all}`)).toHaveLength(4);
  });

  it("sorts by price, newest and nearest", async () => {
    expect(await found(`${where}&sort=priceAsc`)).toEqual([cheap.id, base.id, loaded.id, big.id]);
    expect(await found(`${where}&sort=priceDesc`)).toEqual([big.id, loaded.id, base.id, cheap.id]);
    // Each listing was published a minute after the one before.
    expect(await found(`${where}&sort=newest`)).toEqual([loaded.id, cheap.id, big.id, base.id]);
    const from = { latitude: base.latitude as number, longitude: base.longitude as number };
    const nearest = await found(`${where}&sort=nearest&near=${from.latitude},${from.longitude}`);
    const byDistance = [base, big, cheap, loaded]
      .map((row) => ({ id: row.id, metres: distanceMetres(from, row as typeof from) }))
      .sort((a, b) => a.metres - b.metres)
      .map((row) => row.id);
    expect(nearest).toEqual(byDistance);
    // Without a point, nearest measures from the city's centre.
    expect(await found(`${where}&sort=nearest`)).toHaveLength(4);
  });

  it("recommends the most complete listings first", async () => {
    const ids = await found(where);
    expect(ids[0]).toBe(loaded.id);
    const rows = [base, big, cheap, loaded];
    const scored = rows
      .map((row) => ({
        id: row.id,
        score: recommendedScore({
          description: row.description,
          featureCount: row.features.length,
          photoCount: row.photoCount,
          hasFloorplan: row.floorplanUploadId !== null,
          hasAccessOption: row.accessOption !== null,
          quickMoveIn: row.quickMoveIn,
          firstMonthDiscount: row.firstMonthDiscount,
        }),
        publishedAt: row.publishedAt?.getTime() ?? 0,
      }))
      .sort((a, b) => b.score - a.score || b.publishedAt - a.publishedAt || (a.id < b.id ? 1 : -1));
    expect(ids).toEqual(scored.map((row) => row.id));
  });

  it("recommends listings renters rated well above unreviewed ones, and poorly rated ones below", async () => {
    // Otherwise equal listings of one city (spaces.review_count / review_stars as the review service keeps them).
    const inTaguig = "storageType=storage&city=taguig";
    const poor = await listing({ city: "taguig", reviewCount: 2, reviewStars: 3 });
    const unreviewed = await listing({ city: "taguig" });
    const praised = await listing({ city: "taguig", reviewCount: 3, reviewStars: 14 });
    expect(await found(inTaguig)).toEqual([praised.id, unreviewed.id, poor.id]);
    // Three stars on average weigh nothing but the reviews' count: above the unreviewed, newer one.
    const average = await listing({
      city: "taguig",
      reviewCount: 1,
      reviewStars: 3,
      publishedAt: new Date(0),
    });
    expect(await found(inTaguig)).toEqual([praised.id, average.id, unreviewed.id, poor.id]);
    // Each card carries its listing's average and count, as the listing page shows them.
    const answer = await search(inTaguig);
    expectStatus(answer, 200);
    const ratings = answer.body.result.results.map(({ rating, totalNumberofReviews }) => ({
      rating,
      totalNumberofReviews,
    }));
    expect(ratings).toEqual([
      { rating: 4.7, totalNumberofReviews: 3 },
      { rating: 3, totalNumberofReviews: 1 },
      { rating: null, totalNumberofReviews: 0 },
      { rating: 1.5, totalNumberofReviews: 2 },
    ]);
  });

  it("marks the caller's favourites", async () => {
    const renter = await loggedInUser();
    const { db } = await getDatabase();
    await db.insert(favouriteSpaces).values({ userId: renter.user.id, spaceId: big.id });
    const answer = await search(where, 1, renter.cookie);
    expectStatus(answer, 200);
    const favourites = answer.body.result.results
      .filter((card) => card.favouriteSpace)
      .map((card) => card._id);
    expect(favourites).toEqual([big.id]);
    // Someone else's favourite is not the visitor's.
    const visitor = await search(where);
    expect(visitor.body.result.results.some((card) => card.favouriteSpace)).toBe(false);
  });
});

describe("a visitor's search, kept until the catalogue changes", () => {
  // Iloilo City's listings belong to this block only.
  const where = "storageType=storage&city=iloilo-city";

  it("shows a listing as soon as it is live, its new cover photo, and no longer once it is not", async () => {
    const { db } = await getDatabase();
    expect(await found(where)).toEqual([]);
    const fresh = await listing({ city: "iloilo-city", photos: 0 });
    expect(await found(where)).toEqual([fresh.id]);

    const photoless = await search(where);
    expect(photoless.body.result.results[0]?.coverPhoto).toBeNull();
    const [upload] = await db
      .insert(uploads)
      .values({
        ownerId: hostId,
        kind: "spaceImages",
        storageKey: `spaceImages/${fresh.id}/cover.jpg`,
        contentType: "image/jpeg",
        bytes: 1000,
        width: 1600,
        height: 1200,
        variants: [],
      })
      .returning();
    await db.insert(spacePhotos).values({ uploadId: upload?.id ?? "", spaceId: fresh.id, position: 0 });
    const withPhoto = await search(where);
    expect(withPhoto.body.result.results[0]?.coverPhoto?.url).toContain(`spaceImages/${fresh.id}/cover.jpg`);

    await db.update(spaces).set({ status: "inactive" }).where(eq(spaces.id, fresh.id));
    expect(await found(where)).toEqual([]);
  });
});

describe("a visitor's search on a PostgreSQL server, kept until this instance hears of a change", () => {
  // Baguio's listings belong to this block only.
  const where = "storageType=storage&city=baguio";
  const titles = async (cookie?: string) =>
    (await search(where, 1, cookie)).body.result.results.map((card) => card.spaceTitle);

  it.runIf(process.env.TEST_DB === "postgres")(
    "serves what it kept until a notice comes, and nothing kept while it cannot hear",
    async () => {
      const { db } = await getDatabase();
      const { cookie } = await loggedInUser();
      const room = await listing({ city: "baguio", spaceTitle: "Pine room" });
      const rename = (spaceTitle: string) =>
        db.update(spaces).set({ spaceTitle }).where(eq(spaces.id, room.id));
      expect(await titles()).toEqual(["Pine room"]);
      try {
        // A write that sends no notice: visitors keep getting the answer kept; a logged-in user's is read afresh.
        await db.execute(sql`alter table spaces disable trigger spaces_catalogue_changed`);
        await rename("Cedar room");
        expect(await titles()).toEqual(["Pine room"]);
        expect(await titles(cookie)).toEqual(["Cedar room"]);

        // The listening connection is lost (a restart of PostgreSQL, say): what was kept is not served again.
        const before = catalogueVersion(db);
        await db.execute(sql`
          select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid()
            and (query like 'LISTEN space_solution_catalogue%' or query like 'select pg_notify%')`);
        await expect.poll(() => catalogueVersion(db), { interval: 5 }).not.toBe(before);
        expect(await titles()).toEqual(["Cedar room"]);
        // It listens again a second later, and keeps again.
        await expect.poll(() => catalogueVersion(db), { timeout: 5_000 }).not.toBeNull();
        expect(await titles()).toEqual(["Cedar room"]);
        await rename("Birch room");
        expect(await titles()).toEqual(["Cedar room"]);
      } finally {
        await db.execute(sql`alter table spaces enable trigger spaces_catalogue_changed`);
      }
      // A write with its notice: once it is heard (helpers' call waits for that), visitors see it.
      await rename("Acacia room");
      expect(await titles()).toEqual(["Acacia room"]);
    },
  );
});

describe("pages", () => {
  const where = "storageType=storage&city=cebu-city";
  const ids: string[] = [];

  beforeAll(async () => {
    // 45 listings of one price, published at one moment: every sort has ties for the id to settle.
    const publishedAt = new Date("2026-02-01T00:00:00Z");
    for (let i = 0; i < 45; i++) ids.push((await listing({ city: "cebu-city", publishedAt })).id);
  });

  it("pages through 20 at a time in a stable order, with no repeats and no gaps", async () => {
    for (const sort of ["recommended", "priceAsc", "priceDesc", "newest", "nearest"]) {
      const pages = await Promise.all([1, 2, 3].map((page) => search(`${where}&sort=${sort}`, page)));
      for (const answer of pages) expectStatus(answer, 200);
      const [first, second, third] = pages.map((answer) => answer.body.result);
      expect(first).toMatchObject({ total: 45, page: 1, pages: 3 });
      expect(second?.page).toBe(2);
      expect(first?.results).toHaveLength(20);
      expect(second?.results).toHaveLength(20);
      expect(third?.results).toHaveLength(5);
      const seen = pages.flatMap((answer) => answer.body.result.results.map((card) => card._id));
      expect(new Set(seen).size, sort).toBe(45);
      expect([...seen].sort()).toEqual([...ids].sort());
      // The same request gives the same page.
      const again = await search(`${where}&sort=${sort}`, 2);
      expect(again.body.result.results.map((card) => card._id)).toEqual(
        second?.results.map((card) => card._id),
      );
    }
  });

  it("answers an empty page past the last one", async () => {
    const answer = await search(where, 4);
    expectStatus(answer, 200);
    expect(answer.body.result).toMatchObject({ total: 45, page: 4, pages: 3, results: [] });
  });
});

describe("indexes", () => {
  // The tables are tiny here, so the planner is told to avoid what it would do at 100,000 listings anyway (read
  // every row, sort): a sort left in a plan means the query no longer matches its index.
  async function plan(queryString: string): Promise<{ rows: string; count: string }> {
    const parsed = parseSearchQuery(queryString);
    if (!parsed.ok) throw new Error(parsed.message);
    const { db } = await getDatabase();
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      const explained = await explainSearch(tx as unknown as Database, parsed.query);
      return { rows: explained.rows.join("\n"), count: explained.count.join("\n") };
    });
  }

  it.each([
    ["storageType=storage&city=makati", /spaces_active_type_(city_)?score_idx/],
    ["storageType=storage", /spaces_active_type_(city_)?score_idx/],
    ["storageType=storage&city=makati&sort=priceAsc", /spaces_active_type_(city_)?price_idx/],
    ["storageType=parking&sort=priceDesc", /spaces_active_type_(city_)?price_idx/],
    ["storageType=storage&sort=newest", /spaces_active_type_published_idx/],
    ["storageType=parking&sort=nearest&near=14.55,121.02", /spaces_active_location_idx/],
  ])("reads %s in order from its index", async (queryString, index) => {
    const { rows, count } = await plan(queryString);
    expect(rows).toMatch(index);
    // Nearest sorts the few listings within the page's distance (its index cannot add the id as a second key).
    if (!queryString.includes("nearest")) expect(rows).not.toMatch(/Sort/);
    expect(count).toMatch(/Index/);
  });
});

describe("bad parameters", () => {
  const refusals: [string, string, string][] = [
    ["no type", "1?city=makati", SEARCH_MESSAGES.storageType],
    ["an unknown type", "1?storageType=boat", SEARCH_MESSAGES.storageType],
    ["an unknown parameter", "1?storageType=storage&colour=blue", SEARCH_MESSAGES.unknown(["colour"])],
    ["an unknown city", "1?storageType=storage&city=atlantis", SEARCH_MESSAGES.unknownCity("atlantis")],
    ["a kind of the other type", "1?storageType=storage&kind=condo", SEARCH_MESSAGES.kind],
    ["a feature of the other type", "1?storageType=parking&features=shelving", SEARCH_MESSAGES.features],
    [
      "a vehicle size for storage",
      "1?storageType=storage&vehicleSize=sedan",
      SEARCH_MESSAGES.vehicleSizeStorage,
    ],
    ["a negative area", "1?storageType=storage&minArea=-5", SEARCH_MESSAGES.minArea],
    ["units that are not whole", "1?storageType=parking&minUnits=1.5", SEARCH_MESSAGES.minUnits],
    ["a price in words", "1?storageType=storage&minPrice=cheap", SEARCH_MESSAGES.minPrice],
    ["three decimals", "1?storageType=storage&maxPrice=10.555", SEARCH_MESSAGES.maxPrice],
    ["prices out of order", "1?storageType=storage&minPrice=500&maxPrice=100", SEARCH_MESSAGES.priceOrder],
    ["an unknown duration", "1?storageType=storage&rentalDuration=forever", SEARCH_MESSAGES.rentalDuration],
    ["an unknown access option", "1?storageType=storage&accessOption=never", SEARCH_MESSAGES.accessOption],
    [
      "a flag that is not yes or no",
      "1?storageType=storage&quickMoveIn=maybe",
      SEARCH_MESSAGES.flag("quickMoveIn"),
    ],
    ["an impossible date", "1?storageType=storage&startDate=2026-02-30", SEARCH_MESSAGES.startDate],
    ["bounds out of order", "1?storageType=storage&bounds=15,121,14,122", SEARCH_MESSAGES.bounds],
    ["bounds of three numbers", "1?storageType=storage&bounds=14,121,15", SEARCH_MESSAGES.bounds],
    ["a point off the globe", "1?storageType=storage&near=95,121", SEARCH_MESSAGES.near],
    ["an unknown sort", "1?storageType=storage&sort=cheapest", SEARCH_MESSAGES.sort],
    ["nearest without a point", "1?storageType=storage&sort=nearest", SEARCH_MESSAGES.nearestNeedsPoint],
    ["a repeated city", "1?storageType=storage&city=makati&city=pasig", SEARCH_MESSAGES.city],
    ["page 0", "0?storageType=storage", SEARCH_MESSAGES.page],
    ["a page in words", "two?storageType=storage", SEARCH_MESSAGES.page],
    ["a page past the last", "5001?storageType=storage", SEARCH_MESSAGES.page],
  ];

  it.each(refusals)("refuses %s with 400 and a message", async (_case, path, message) => {
    const answer = await call("POST", `/space/newSpaceSearch/${path}`);
    expectStatus(answer, 400, message);
  });

  it("lets a form's empty fields through as no filter", async () => {
    const answer = await search("storageType=storage&city=&kind=&minPrice=&features=");
    expectStatus(answer, 200);
  });
});

describe("SQL injection", () => {
  const attacks = [
    "' OR '1'='1",
    "makati'; DROP TABLE spaces; --",
    "1; DELETE FROM spaces",
    "cctv') OR 1=1 --",
    "$$; select pg_sleep(5); $$",
  ];

  it("treats injection strings as plain values: refused or found nothing, and nothing changed", async () => {
    await listing({ city: "davao-city" });
    const { db } = await getDatabase();
    const [before] = await db.select({ n: count() }).from(spaces);
    const parameters = [
      "city",
      "kind",
      "minArea",
      "minPrice",
      "rentalDuration",
      "features",
      "bounds",
      "near",
      "sort",
    ];
    for (const attack of attacks) {
      for (const name of parameters) {
        const query = new URLSearchParams({ storageType: "storage", [name]: attack });
        const answer = await call("POST", `/space/newSpaceSearch/1?${query}`);
        expect(answer.status, `${name}=${attack}`).toBe(400);
        expect(answer.body.responseMessage).not.toMatch(/syntax|SQL|relation/i);
      }
      // A string that passes the rules reaches SQL as a parameter and matches nothing.
      const slug = new URLSearchParams({ storageType: "storage", city: "makati-or-1-1" });
      expectStatus(
        await call("POST", `/space/newSpaceSearch/1?${slug}`),
        400,
        SEARCH_MESSAGES.unknownCity("makati-or-1-1"),
      );
      const budget = new URLSearchParams({ city: attack });
      expect((await call("GET", `/space/getBudgetMeterForStorage?${budget}`)).status).toBe(400);
    }
    const renter = await loggedInUser();
    for (const attack of attacks) {
      const answer = await call("POST", "/space/recentSearch", {
        body: { query: `storageType=storage&city=${encodeURIComponent(attack)}` },
        cookie: renter.cookie,
      });
      expect(answer.status).toBe(400);
    }
    const [after] = await db.select({ n: count() }).from(spaces);
    expect(after?.n).toBe(before?.n);
    expect(await found("storageType=storage&city=davao-city")).toHaveLength(1);
  });
});

describe("GET /space/getBudgetMeterForStorage and /space/getBudgetMeterforParking", () => {
  beforeAll(async () => {
    for (const pesos of [1_000, 1_200, 1_250, 3_000, 8_000]) {
      await listing({ city: "iloilo-city", monthlyPrice: pesos * 100, quickMoveIn: pesos < 2_000 });
    }
    await listing({ city: "iloilo-city", storageType: "parking", monthlyPrice: 250_000 });
  });

  it("draws a histogram of the monthly prices for the filters", async () => {
    const answer = await call<BudgetMeter>("GET", "/space/getBudgetMeterForStorage?city=iloilo-city");
    expectStatus(answer, 200);
    const meter = answer.body.result;
    expect(meter.minPrice).toBe(100_000);
    expect(meter.maxPrice).toBe(800_000);
    expect(meter.buckets.length).toBeGreaterThan(1);
    expect(meter.buckets.length).toBeLessThanOrEqual(20);
    expect(meter.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(5);
    // The bars are contiguous and cover every price.
    meter.buckets.forEach((bucket, i) => {
      expect(bucket.to).toBeGreaterThan(bucket.from);
      if (i > 0) expect(bucket.from).toBe(meter.buckets[i - 1]?.to);
    });
    expect(meter.buckets[0]?.from).toBeLessThanOrEqual(100_000);
    expect(meter.buckets.at(-1)?.to).toBeGreaterThan(800_000);

    const quick = await call<BudgetMeter>(
      "GET",
      "/space/getBudgetMeterForStorage?city=iloilo-city&quickMoveIn=true",
    );
    expect(quick.body.result).toMatchObject({ minPrice: 100_000, maxPrice: 125_000 });
    expect(quick.body.result.buckets.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(3);
  });

  it("answers the parking meter at the product's path", async () => {
    const answer = await call<BudgetMeter>("GET", "/space/getBudgetMeterforParking?city=iloilo-city");
    expectStatus(answer, 200);
    expect(answer.body.result).toMatchObject({ minPrice: 250_000, maxPrice: 250_000 });
    expect(answer.body.result.buckets).toEqual([{ from: 250_000, to: 250_100, count: 1 }]);
    expect((await call("GET", "/space/getBudgetMeterForParking?city=iloilo-city")).status).toBe(404);
  });

  it("defaults to ₱1 and ₱999 when nothing matches", async () => {
    const answer = await call<BudgetMeter>("GET", "/space/getBudgetMeterForStorage?city=tacloban");
    expectStatus(answer, 200);
    expect(answer.body.result).toEqual(DEFAULT_BUDGET);
    expect(answer.body.result).toEqual({ buckets: [], minPrice: 100, maxPrice: 99_900 });
  });

  it("takes the search's filters but not its prices, type or page", async () => {
    for (const extra of ["minPrice=100", "maxPrice=200", "storageType=storage", "page=2"]) {
      const answer = await call("GET", `/space/getBudgetMeterForStorage?city=iloilo-city&${extra}`);
      expect(answer.status, extra).toBe(400);
    }
    expectStatus(await call("GET", "/space/getBudgetMeterForStorage?kind=condo"), 400, SEARCH_MESSAGES.kind);
  });
});

describe("GET and POST /space/recentSearch", () => {
  it("needs a session", async () => {
    expectStatus(await call("GET", "/space/recentSearch"), 401);
    expectStatus(await call("POST", "/space/recentSearch", { body: { query: "storageType=storage" } }), 401);
  });

  it("keeps the user's last 10 searches, normalized, newest first, without repeats", async () => {
    const renter = await loggedInUser();
    const save = (query: string) =>
      call<RecentSearchView[]>("POST", "/space/recentSearch", { body: { query }, cookie: renter.cookie });

    const first = await save(
      "?sort=priceAsc&city=makati&storageType=storage&features=gated,cctv&page=3&bounds=14,120,15,121",
    );
    expectStatus(first, 200, "Search saved.");
    expect(first.body.result).toEqual([
      {
        query: "storageType=storage&city=makati&features=cctv&features=gated&sort=priceAsc",
        path: "/search-space?storageType=storage&city=makati&features=cctv&features=gated&sort=priceAsc",
        createdAt: expect.any(String),
      },
    ]);

    for (let i = 1; i <= 11; i++) await save(`storageType=parking&minUnits=${i}`);
    const listed = await call<RecentSearchView[]>("GET", "/space/recentSearch", { cookie: renter.cookie });
    expectStatus(listed, 200);
    expect(listed.body.result.map((item) => item.query)).toEqual(
      Array.from({ length: 10 }, (_, i) => `storageType=parking&minUnits=${11 - i}`),
    );

    // The same search again moves to the top instead of repeating.
    const again = await save("minUnits=5&storageType=parking");
    expect(again.body.result.map((item) => item.query).slice(0, 2)).toEqual([
      "storageType=parking&minUnits=5",
      "storageType=parking&minUnits=11",
    ]);
    expect(again.body.result).toHaveLength(10);
    expect(new Set(again.body.result.map((item) => item.query)).size).toBe(10);

    const { db } = await getDatabase();
    const [stored] = await db
      .select({ n: count() })
      .from(recentSearches)
      .where(eq(recentSearches.userId, renter.user.id));
    expect(stored?.n).toBe(10);

    // Another user's list is their own.
    const other = await loggedInUser();
    const theirs = await call<RecentSearchView[]>("GET", "/space/recentSearch", { cookie: other.cookie });
    expect(theirs.body.result).toEqual([]);
  });

  it("refuses a search that is not valid", async () => {
    const renter = await loggedInUser();
    const answer = await call("POST", "/space/recentSearch", {
      body: { query: "storageType=storage&kind=condo" },
      cookie: renter.cookie,
    });
    expectStatus(answer, 400, SEARCH_MESSAGES.kind);
    const unknown = await call("POST", "/space/recentSearch", {
      body: { query: "storageType=storage", extra: randomUUID() },
      cookie: renter.cookie,
    });
    expect(unknown.status).toBe(400);
  });
});
