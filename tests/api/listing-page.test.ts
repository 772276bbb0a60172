import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { QUESTIONS_PER_HOUR, TOO_MANY_QUESTIONS } from "~/api/enquiry/about-space.server";
import { addRemoveSpaceToFav, myShortListedSpace } from "~/api/space/favourites.server";
import { SITEMAP_PAGE_SIZE, type SitemapListings, type SpaceBrief } from "~/api/space/listing-page.server";
import { VISITOR_COOKIE_NAME } from "~/api/space/listing-page-queries.server";
import { getDatabase } from "~/db/db.server";
import { cities, enquiries, favouriteSpaces, spacePhotos, spaces, spaceViews, uploads } from "~/db/schema";
import type { SpaceCardView } from "~/domain/space";
import { api } from "~/screens/api.server";
import { call, expectRefused, expectStatus, loggedInUser, uniqueEmail, waitForMail } from "./helpers";

/**
 * The listing page's calls (ADR 0013): viewSpaceBrief (the renters' view, never the street address, pin, contract
 * or the host's contacts), spaceView (once per visitor per Manila day), enquiry/aboutSpace (stored and e-mailed to
 * the host), addRemoveSpaceToFav and myShortListedSpace (a session needed; toggles; the shortlist).
 */

const LOGIN_FIRST = "Please login to continue.";
const NOT_FOUND = "Space not found.";
const STREET = "Unit 12B, 4521 Chino Roces Avenue";
const STREET_2 = "Tower 2, Legaspi Village";
const PIN = { latitude: 14.554729, longitude: 121.024445 };
const HOST_PHONE = "09171112233";

/** An uploaded image row (its file is never read by these calls). */
async function uploadRow(ownerId: string, kind: string, key: string) {
  const { db } = await getDatabase();
  const [row] = await db
    .insert(uploads)
    .values({
      ownerId,
      kind,
      storageKey: key,
      contentType: key.endsWith(".pdf") ? "application/pdf" : "image/jpeg",
      bytes: 1000,
      width: key.endsWith(".pdf") ? null : 1600,
      height: key.endsWith(".pdf") ? null : 1200,
      variants: key.endsWith(".pdf") ? [] : [{ width: 640, storageKey: key.replace(/\.jpg$/, "-640.webp") }],
    })
    .returning();
  if (!row) throw new Error("upload not stored");
  return row;
}

/** A published storage listing in Makati with two photos and an uploaded contract, straight into the database. */
async function createSpace(hostId: string, overrides: Partial<typeof spaces.$inferInsert> = {}) {
  const { db } = await getDatabase();
  const [city] = await db.select().from(cities).where(eq(cities.slug, "makati"));
  const contract = await uploadRow(hostId, "contract", `contract/${randomUUID()}/contract.pdf`);
  const [space] = await db
    .insert(spaces)
    .values({
      hostId,
      status: "active",
      storageType: "storage",
      kind: "spareRoom",
      spaceTitle: "Secure storage room in Makati",
      description: "Dry room.\nCCTV in the hall.",
      addressLine1: STREET,
      addressLine2: STREET_2,
      cityId: city?.id ?? null,
      barangay: "San Lorenzo",
      province: "Metro Manila",
      ...PIN,
      lengthM: 3,
      widthM: 4,
      heightM: 2.5,
      areaSqm: 12,
      volumeCbm: 30,
      unitOfRental: "sqm",
      entireSpace: true,
      unitsAvailable: 1,
      features: ["cctv", "gated"],
      accessOption: "all_time",
      rentalDurations: ["1_month", "6_months"],
      monthlyPrice: 300_000,
      depositRequired: true,
      firstMonthDiscount: true,
      contractType: "uploaded",
      contractUploadId: contract.id,
      completedSteps: [],
      publishedAt: new Date(),
      ...overrides,
    })
    .returning();
  if (!space) throw new Error("space not stored");
  for (const position of [0, 1]) {
    const photo = await uploadRow(hostId, "spaceImages", `spaceImages/${randomUUID()}/image.jpg`);
    await db.insert(spacePhotos).values({ uploadId: photo.id, spaceId: space.id, position });
  }
  return space;
}

async function aHostWithASpace(overrides: Partial<typeof spaces.$inferInsert> = {}) {
  const host = await loggedInUser({ phoneNumber: HOST_PHONE, identityStatus: "passed", adminVerified: true });
  const space = await createSpace(host.user.id, overrides);
  return { host, space };
}

const brief = (spaceId: string, cookie?: string) =>
  call<SpaceBrief>("GET", `/space/viewSpaceBrief?spaceId=${spaceId}`, { cookie });

describe("GET /space/viewSpaceBrief", () => {
  it("shows an active listing to a visitor without the street address, pin, contract or host contacts", async () => {
    const { host, space } = await aHostWithASpace();
    const answer = await brief(space.id);
    expectStatus(answer, 200);
    const result = answer.body.result;
    expect(result).toMatchObject({
      _id: space.id,
      storageType: "storage",
      kind: "spareRoom",
      spaceTitle: "Secure storage room in Makati",
      listingPrice: 300_000,
      address: { city: "Makati", citySlug: "makati", barangay: "San Lorenzo", province: "Metro Manila" },
      contract: { type: "uploaded" },
      favouriteSpace: false,
      isOwner: false,
      exactLocation: null,
      path: `/storage/listings/${space.id}/secure-storage-room-in-makati`,
      host: {
        userId: host.user.id,
        name: "Carla",
        rating: null,
        totalNumberofReviews: 0,
        adminVerified: true,
        identityVerified: true,
        phoneVerified: false,
        memberSince: host.user.createdAt.toISOString(),
      },
    });
    expect(result.spacePhotos).toHaveLength(2);
    expect(Object.keys(result.address).sort()).toEqual(["barangay", "city", "citySlug", "province"]);
    expect(result.contract).toEqual({ type: "uploaded" });
    // The approximate point is near the pin but never on it.
    expect(result.approximateLocation).not.toBeNull();
    expect(result.approximateLocation).not.toEqual(PIN);
    expect(Math.abs((result.approximateLocation?.latitude ?? 0) - PIN.latitude)).toBeLessThan(0.01);

    const text = JSON.stringify(answer.body);
    for (const secret of [
      STREET,
      STREET_2,
      String(PIN.latitude),
      String(PIN.longitude),
      "contract.pdf",
      "addressLine1",
      "addressLine2",
      host.email,
      HOST_PHONE,
      "hostId",
      "completedSteps",
      "publishingGaps",
    ]) {
      expect(text, `the answer must not hold ${secret}`).not.toContain(secret);
    }
    // The exact pin appears nowhere, not even as the latitude/longitude fields.
    expect(result).not.toHaveProperty("latitude");
    expect(result).not.toHaveProperty("longitude");
  });

  it("says whether the logged-in renter saved it, and still hides the address from them", async () => {
    const { space } = await aHostWithASpace();
    const renter = await loggedInUser();
    await call("POST", "/space/addRemoveSpaceToFav", { cookie: renter.cookie, body: { spaceId: space.id } });
    const answer = await brief(space.id, renter.cookie);
    expect(answer.body.result).toMatchObject({ favouriteSpace: true, isOwner: false, exactLocation: null });
    expect(JSON.stringify(answer.body)).not.toContain(STREET);
  });

  it("is a 404 for a pending, inactive or unknown listing, and a 400 for a malformed id", async () => {
    const { space: pending } = await aHostWithASpace({ status: "pending", publishedAt: null });
    const { space: inactive } = await aHostWithASpace({ status: "inactive" });
    expectStatus(await brief(pending.id), 404, NOT_FOUND);
    expectStatus(await brief(inactive.id), 404, NOT_FOUND);
    expectStatus(await brief(randomUUID()), 404, NOT_FOUND);
    expectRefused(await brief("1 or 1=1"), "spaceId", "The space id is not valid.");
    const renter = await loggedInUser();
    expectStatus(await brief(inactive.id, renter.cookie), 404, NOT_FOUND);
  });

  it("lets the host view their own listing in any status, with its exact location", async () => {
    const { host, space } = await aHostWithASpace({ status: "inactive" });
    const answer = await call<SpaceBrief>("GET", `/space/viewSpaceBrief?spaceId=${space.id}&editSpace=true`, {
      cookie: host.cookie,
    });
    expectStatus(answer, 200);
    expect(answer.body.result).toMatchObject({
      status: "inactive",
      isOwner: true,
      exactLocation: { addressLine1: STREET, addressLine2: STREET_2, ...PIN },
    });
  });
});

describe("POST /space/spaceView", () => {
  async function viewCount(spaceId: string) {
    const { db } = await getDatabase();
    const [row] = await db.select({ n: spaces.viewCount }).from(spaces).where(eq(spaces.id, spaceId));
    return row?.n;
  }

  it("counts a logged-in user once a day", async () => {
    const { space } = await aHostWithASpace();
    const renter = await loggedInUser();
    const first = await call("POST", "/space/spaceView", {
      cookie: renter.cookie,
      body: { spaceId: space.id },
    });
    expectStatus(first, 200);
    expect(first.body.result).toMatchObject({ counted: true, viewCount: 1 });
    const again = await call("POST", "/space/spaceView", {
      cookie: renter.cookie,
      body: { spaceId: space.id },
    });
    expect(again.body.result).toMatchObject({ counted: false, viewCount: 1 });
    expect(await viewCount(space.id)).toBe(1);
  });

  it("gives a visitor a long-lived cookie and counts them once a day with it; another visitor counts again", async () => {
    const { space } = await aHostWithASpace();
    const first = await call("POST", "/space/spaceView", { body: { spaceId: space.id } });
    expect(first.body.result).toMatchObject({ counted: true, viewCount: 1 });
    const setCookie = first.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toContain(`${VISITOR_COOKIE_NAME}=`);
    expect(setCookie).toMatch(/Max-Age=\d{7,}/);
    expect(setCookie).toMatch(/HttpOnly/i);
    const cookie = setCookie.split(";")[0] as string;

    const again = await call("POST", "/space/spaceView", { cookie, body: { spaceId: space.id } });
    expect(again.body.result).toMatchObject({ counted: false, viewCount: 1 });
    expect(again.headers.get("Set-Cookie")).toBeNull();

    const other = await call("POST", "/space/spaceView", { body: { spaceId: space.id } });
    expect(other.body.result).toMatchObject({ counted: true, viewCount: 2 });
    expect(await viewCount(space.id)).toBe(2);

    // Only a hash of who viewed is stored, never the cookie's id.
    const { db } = await getDatabase();
    const rows = await db.select().from(spaceViews).where(eq(spaceViews.spaceId, space.id));
    expect(rows).toHaveLength(2);
    const id = decodeURIComponent(cookie.split("=")[1] ?? "");
    for (const row of rows) {
      expect(row.visitor).toMatch(/^[0-9a-f]{64}$/);
      expect(id).not.toContain(row.visitor);
    }
  });

  it("counts the same visitor again on another Manila day", async () => {
    const { space } = await aHostWithASpace();
    const renter = await loggedInUser();
    await call("POST", "/space/spaceView", { cookie: renter.cookie, body: { spaceId: space.id } });
    const { db } = await getDatabase();
    await db.update(spaceViews).set({ day: "2020-01-01" }).where(eq(spaceViews.spaceId, space.id));
    const next = await call("POST", "/space/spaceView", {
      cookie: renter.cookie,
      body: { spaceId: space.id },
    });
    expect(next.body.result).toMatchObject({ counted: true, viewCount: 2 });
  });

  it("does not count the host, and refuses inactive or unknown listings", async () => {
    const { host, space } = await aHostWithASpace();
    const own = await call("POST", "/space/spaceView", { cookie: host.cookie, body: { spaceId: space.id } });
    expect(own.body.result).toMatchObject({ counted: false, viewCount: 0 });
    const { space: inactive } = await aHostWithASpace({ status: "inactive" });
    expectStatus(await call("POST", "/space/spaceView", { body: { spaceId: inactive.id } }), 404, NOT_FOUND);
    expectRefused(
      await call("POST", "/space/spaceView", { body: { spaceId: "'; drop table spaces; --" } }),
      "spaceId",
      "The space id is not valid.",
    );
  });
});

describe("POST /enquiry/aboutSpace", () => {
  async function storedEnquiries(spaceId: string) {
    const { db } = await getDatabase();
    return db.select().from(enquiries).where(eq(enquiries.spaceId, spaceId));
  }

  it("stores a visitor's question and e-mails it to the host, replying to the visitor", async () => {
    const { host, space } = await aHostWithASpace();
    const email = uniqueEmail("asker");
    const answer = await call("POST", "/enquiry/aboutSpace", {
      body: {
        spaceId: space.id,
        name: "Lito Bautista",
        email,
        phoneNumber: "09181234567",
        message: "Is the room dry in the rainy season?",
      },
    });
    expectStatus(answer, 200, "Your question has been sent to the host.");
    const [stored] = await storedEnquiries(space.id);
    expect(stored).toMatchObject({
      kind: "aboutSpace",
      userId: null,
      name: "Lito Bautista",
      email,
      phoneNumber: "09181234567",
      message: "Is the room dry in the rainy season?",
    });
    const mail = await waitForMail(host.email, "A question about Secure storage room in Makati");
    expect(mail.text).toContain("Lito Bautista");
    expect(mail.text).toContain("Is the room dry in the rainy season?");
    expect(mail.text).toContain(email);
    expect(mail.text).toContain(`/storage/listings/${space.id}/secure-storage-room-in-makati`);
  });

  it("needs a visitor's name and e-mail, and a question", async () => {
    const { space } = await aHostWithASpace();
    const ask = (body: Record<string, unknown>) =>
      call("POST", "/enquiry/aboutSpace", { body: { spaceId: space.id, ...body } });
    expectRefused(await ask({ email: uniqueEmail("a"), message: "Hello?" }), "name", "Name is required");
    expectRefused(await ask({ name: "Lito", message: "Hello?" }), "email", "Email is required");
    expectRefused(
      await ask({ name: "Lito", email: "not-an-email", message: "Hello?" }),
      "email",
      "Invalid Email.",
    );
    expectRefused(
      await ask({ name: "Lito", email: uniqueEmail("a"), message: "   " }),
      "message",
      "Please write your question.",
    );
    expectRefused(
      await ask({ name: "Lito", email: uniqueEmail("a"), message: "Hi", phoneNumber: "123" }),
      "phoneNumber",
      "Phone number must be greater than or equal to 10 characters.",
    );
    expect(await storedEnquiries(space.id)).toHaveLength(0);
  });

  it("takes a logged-in renter's name and e-mail from the account", async () => {
    const { host, space } = await aHostWithASpace();
    const renter = await loggedInUser({ firstName: "Juan", lastName: "Dela Cruz" });
    const answer = await call("POST", "/enquiry/aboutSpace", {
      cookie: renter.cookie,
      body: { spaceId: space.id, message: "Can I store a motorbike?" },
    });
    expectStatus(answer, 200);
    const [stored] = await storedEnquiries(space.id);
    expect(stored).toMatchObject({ userId: renter.user.id, name: "Juan Dela Cruz", email: renter.email });
    const mail = await waitForMail(host.email, "A question about Secure storage room in Makati");
    expect(mail.text).toContain("Can I store a motorbike?");
    // The host answers in the conversation: the renter's address stays on the platform, as in their messages.
    expect(mail.text).toMatch(
      /Answer in your Space Solution messages: http:\/\/localhost\/messages\/[0-9a-f-]{36}/,
    );
    expect(mail.text).not.toContain(renter.email);
  });

  it("refuses questions about inactive listings and the host's own", async () => {
    const { host, space } = await aHostWithASpace();
    const own = await call("POST", "/enquiry/aboutSpace", {
      cookie: host.cookie,
      body: { spaceId: space.id, message: "Testing" },
    });
    expectStatus(own, 400);
    const { space: inactive } = await aHostWithASpace({ status: "inactive" });
    const answer = await call("POST", "/enquiry/aboutSpace", {
      body: { spaceId: inactive.id, name: "Lito", email: uniqueEmail("a"), message: "Hello?" },
    });
    expectStatus(answer, 404, NOT_FOUND);
    expect(await storedEnquiries(space.id)).toHaveLength(0);
  });

  it(`takes at most ${QUESTIONS_PER_HOUR} questions an hour from one e-mail address`, async () => {
    const { space } = await aHostWithASpace();
    const email = uniqueEmail("eager");
    const ask = () =>
      call("POST", "/enquiry/aboutSpace", {
        body: { spaceId: space.id, name: "Lito", email: email.toUpperCase(), message: "Still free?" },
      });
    for (let i = 0; i < QUESTIONS_PER_HOUR; i++) expectStatus(await ask(), 200);
    expectStatus(await ask(), 429, TOO_MANY_QUESTIONS);
    expect(await storedEnquiries(space.id)).toHaveLength(QUESTIONS_PER_HOUR);
  });
});

describe("POST /space/addRemoveSpaceToFav and GET /space/myShortListedSpace", () => {
  it("need a session", async () => {
    const { space } = await aHostWithASpace();
    expectStatus(
      await call("POST", "/space/addRemoveSpaceToFav", { body: { spaceId: space.id } }),
      401,
      LOGIN_FIRST,
    );
    expectStatus(await call("GET", "/space/myShortListedSpace"), 401, LOGIN_FIRST);
  });

  it("toggle a saved space, and list the saved active spaces newest first", async () => {
    const { space: first } = await aHostWithASpace();
    const { space: second } = await aHostWithASpace({ spaceTitle: "Covered condo parking in BGC" });
    const renter = await loggedInUser();
    const toggle = (spaceId: string, extra: Record<string, unknown> = {}) =>
      call<{ spaceId: string; favouriteSpace: boolean }>("POST", "/space/addRemoveSpaceToFav", {
        cookie: renter.cookie,
        body: { spaceId, ...extra },
      });
    const shortlist = async () =>
      (await call<SpaceCardView[]>("GET", "/space/myShortListedSpace", { cookie: renter.cookie })).body
        .result;

    expect((await toggle(first.id)).body.result).toEqual({ spaceId: first.id, favouriteSpace: true });
    expect((await toggle(second.id)).body.result).toEqual({ spaceId: second.id, favouriteSpace: true });
    const saved = await shortlist();
    expect(saved.map((card) => card._id)).toEqual([second.id, first.id]);
    expect(saved[0]).toMatchObject({ favouriteSpace: true, spaceTitle: "Covered condo parking in BGC" });
    expect(JSON.stringify(saved)).not.toContain(STREET);

    expect((await toggle(first.id)).body.result).toEqual({ spaceId: first.id, favouriteSpace: false });
    expect((await shortlist()).map((card) => card._id)).toEqual([second.id]);

    // With `favourite`, the state is set, not toggled: sending the same form twice keeps it.
    expect((await toggle(second.id, { favourite: true })).body.result).toMatchObject({
      favouriteSpace: true,
    });
    expect((await toggle(first.id, { favourite: "false" })).body.result).toMatchObject({
      favouriteSpace: false,
    });
    expect((await shortlist()).map((card) => card._id)).toEqual([second.id]);

    // A saved space that becomes inactive leaves the list, and can still be removed.
    const { db } = await getDatabase();
    await db.update(spaces).set({ status: "inactive" }).where(eq(spaces.id, second.id));
    expect(await shortlist()).toEqual([]);
    expect((await toggle(second.id)).body.result).toMatchObject({ favouriteSpace: false });
    const [left] = await db
      .select({ n: count() })
      .from(favouriteSpaces)
      .where(and(eq(favouriteSpaces.userId, renter.user.id)));
    expect(left?.n).toBe(0);
  });

  it("refuses to save an inactive or unknown space", async () => {
    const { space } = await aHostWithASpace({ status: "pending" });
    const renter = await loggedInUser();
    const save = (spaceId: string) =>
      call("POST", "/space/addRemoveSpaceToFav", { cookie: renter.cookie, body: { spaceId } });
    expectStatus(await save(space.id), 404, NOT_FOUND);
    expectStatus(await save(randomUUID()), 404, NOT_FOUND);
    expectRefused(await save("x' or '1'='1"), "spaceId", "The space id is not valid.");
  });

  it("the screens' cached shortlist is dropped when a space is saved", async () => {
    const { space } = await aHostWithASpace();
    const renter = await loggedInUser();
    const request = () =>
      new Request("http://localhost/user-profile/saved-spaces", { headers: { Cookie: renter.cookie } });
    const before = await api(request()).call(myShortListedSpace);
    expect(before.ok && before.result).toEqual([]);
    await api(request()).call(addRemoveSpaceToFav, { body: { spaceId: space.id } });
    const after = await api(request()).call(myShortListedSpace);
    expect(after.ok && after.result.map((card) => card._id)).toEqual([space.id]);
  });
});

describe("GET /space/sitemapListings", () => {
  it("lists active listings' canonical paths with their last change, and the cities that have them", async () => {
    const { space } = await aHostWithASpace();
    const { space: parking } = await aHostWithASpace({
      storageType: "parking",
      kind: "condo",
      spaceTitle: "Covered condo parking in BGC",
      vehicleSize: "sedan",
      dailyPrice: 15_000,
    });
    const { space: inactive } = await aHostWithASpace({ status: "inactive" });
    const answer = await call<SitemapListings>("GET", "/space/sitemapListings");
    expectStatus(answer, 200);
    const { listings, cities: withListings, total, page, pageSize } = answer.body.result;
    expect({ page, pageSize }).toEqual({ page: 1, pageSize: SITEMAP_PAGE_SIZE });
    expect(total).toBe(listings.length);
    expect(listings).toContainEqual({
      path: `/storage/listings/${space.id}/secure-storage-room-in-makati`,
      lastmod: space.updatedAt.toISOString(),
    });
    expect(listings.map((listing) => listing.path)).toContain(
      `/parking/listings/${parking.id}/covered-condo-parking-in-bgc`,
    );
    expect(JSON.stringify(listings)).not.toContain(inactive.id);
    expect(withListings.storage).toContain("makati");
    expect(withListings.parking).toContain("makati");
    expectRefused(
      await call("GET", "/space/sitemapListings?page=0"),
      "page",
      "page must be a whole number from 1.",
    );
    expect(
      (await call<SitemapListings>("GET", "/space/sitemapListings?page=2")).body.result.listings,
    ).toEqual([]);
  });
});
