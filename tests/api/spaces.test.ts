import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { MyListings, PriceRange } from "~/api/space/spaces.server";
import { getDatabase } from "~/db/db.server";
import { cities, spaces } from "~/db/schema";
import { UNKNOWN_CITY } from "~/domain/address-rules";
import { addDays } from "~/domain/dates";
import { KIND_MESSAGE, OUTSIDE_PHILIPPINES, SIDE_TOO_LONG } from "~/domain/listing-rules.server";
import { PUBLISHING_MESSAGES, type PublishingGap, type SpaceView } from "~/domain/space";
import { FEET_PER_METER } from "~/domain/units";
import { type Answer, call, expectRefused, expectStatus, fileForm, loggedInUser, postForm } from "./helpers";

/**
 * The listing calls that take JSON (ADR 0012): the wizard's steps (addMySpace), the one-page edit (editSpace), the
 * host's lists and view, setAvailability, the price guidance and the units free from a date. Uploads are in
 * space-uploads.test.ts.
 */

const NOT_YOURS = "You can only change your own listing.";
const NOT_FOUND = "This listing does not exist.";
const LOGIN_FIRST = "Please login to continue.";

type Host = Awaited<ReturnType<typeof loggedInUser>>;

const LOCATION = {
  step: "location",
  addressLine1: "12 Jupiter Street",
  addressLine2: "Bel-Air Village",
  city: "makati",
  barangay: "bel-air",
  province: "Metro Manila",
};

/** Every storage step after the location, in order (photos are uploaded separately). */
const STORAGE_STEPS: Record<string, unknown>[] = [
  { step: "pin-location-on-map", latitude: 14.5597, longitude: 121.0301 },
  { step: "kind-of-space-are-you-listing", storageType: "storage", kind: "spareRoom" },
  {
    step: "storage-space-size-measurements",
    lengthUnit: "meter",
    length: 3,
    width: 2.5,
    height: 2.4,
    entireSpace: true,
    unitOfRental: "sqm",
  },
  { step: "features", features: ["cctv", "climateControlled"], accessOption: "all_time" },
  {
    step: "describe-your-space",
    spaceTitle: "Dry spare room in Bel-Air",
    description: "Tiles & <b>shelves</b>",
  },
  { step: "list-your-space-frequency", rentalDurations: ["1_month", "6_months"] },
  { step: "set-your-space-price", monthlyPrice: 3000.5 },
  { step: "deposit", depositRequired: true },
  { step: "contract-facility", contractType: "standard" },
  { step: "discount", firstMonthDiscount: true, quickMoveIn: true },
];

const PARKING_STEPS: Record<string, unknown>[] = [
  { step: "pin-location-on-map", latitude: 14.5597, longitude: 121.0301 },
  { step: "kind-of-space-are-you-listing", storageType: "parking", kind: "condo" },
  { step: "vehicle-size-measurements", vehicleSize: "suv", unitsAvailable: 2 },
  { step: "features", features: ["covered", "cctv"], accessOption: "24 hours notice" },
  { step: "describe-your-space", spaceTitle: "Covered condo slot", description: "" },
  { step: "list-your-space-frequency", rentalDurations: ["daily", "1_month"] },
  { step: "set-your-space-price", monthlyPrice: 4500, dailyPrice: 180 },
];

function addStep(cookie: string | undefined, body: Record<string, unknown>): Promise<Answer<SpaceView>> {
  return call<SpaceView>("POST", "/space/addMySpace", { cookie, body });
}

async function ok<T>(answer: Promise<Answer<T>> | Answer<T>): Promise<T> {
  const settled = await answer;
  expectStatus(settled, 200);
  return settled.body.result;
}

/** A new draft with the location step saved. */
async function newDraft(host: Host, location: Record<string, unknown> = LOCATION): Promise<SpaceView> {
  return ok(addStep(host.cookie, location));
}

/** A draft with every step of its type saved but the photos and the preview. */
async function fullDraft(host: Host, steps = STORAGE_STEPS): Promise<SpaceView> {
  let view = await newDraft(host);
  for (const body of steps) view = await ok(addStep(host.cookie, { ...body, spaceId: view._id }));
  return view;
}

async function addPhoto(host: Host, spaceId: string): Promise<void> {
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a6" } })
    .png()
    .toBuffer();
  const answer = await postForm(
    "/space/imageUploadSpaces",
    fileForm("image", { bytes: png, name: "room.png", type: "image/png" }, { spaceId }),
    { cookie: host.cookie },
  );
  expectStatus(answer, 200, "Image uploaded successfully.");
}

/** A published listing of the host. */
async function activeListing(host: Host, steps = STORAGE_STEPS): Promise<SpaceView> {
  const draft = await fullDraft(host, steps);
  await addPhoto(host, draft._id);
  const view = await ok(addStep(host.cookie, { step: "preview", spaceId: draft._id, publish: true }));
  expect(view.status).toBe("active");
  return view;
}

function hostView(cookie: string | undefined, spaceId: string): Promise<Answer<SpaceView>> {
  return call<SpaceView>("GET", `/space/spaceBriefHostView?spaceId=${spaceId}`, { cookie });
}

async function row(id: string) {
  const { db } = await getDatabase();
  const [found] = await db.select().from(spaces).where(eq(spaces.id, id));
  if (!found) throw new Error(`no space ${id}`);
  return found;
}

describe("POST /space/addMySpace", () => {
  it("starts a draft with the location, then saves each storage step in meters and centavos", async () => {
    const host = await loggedInUser();
    const draft = await newDraft(host);
    expect(draft).toMatchObject({
      hostId: host.user.id,
      status: "pending",
      availableForRent: "Pending",
      address: {
        addressLine1: "12 Jupiter Street",
        addressLine2: "Bel-Air Village",
        city: "Makati",
        citySlug: "makati",
        // The barangay's name as the list spells it.
        barangay: "Bel-Air",
        province: "Metro Manila",
      },
      completedSteps: ["location"],
      resumeStep: "pin-location-on-map",
      spacePhotos: [],
    });
    expect(draft.publishingGaps.map((gap) => gap.step)).toContain("pin-location-on-map");

    const view = await fullDraft(host);
    expect(view).toMatchObject({
      status: "pending",
      storageType: "storage",
      kind: "spareRoom",
      latitude: 14.5597,
      longitude: 121.0301,
      size: { length: 3, width: 2.5, height: 2.4 },
      rentMode: { entireSpace: true },
      unitOfRental: "sqm",
      unitsAvailable: 1,
      features: ["cctv", "climateControlled"],
      accessOption: "all_time",
      spaceTitle: "Dry spare room in Bel-Air",
      // Stored as typed: escaping is the screens' job.
      description: "Tiles & <b>shelves</b>",
      rentalDurations: ["1_month", "6_months"],
      listingPrice: 300050,
      perMonthPrice: 300050,
      dailyPrice: null,
      depositRequired: true,
      contract: { type: "standard", url: null },
      firstMonthDiscount: true,
      quickMoveIn: true,
      resumeStep: "add-more-details",
      publishingGaps: [{ step: "add-more-details", message: PUBLISHING_MESSAGES.photo }],
    });
    expect(view.size?.area).toBeCloseTo(7.5, 10);
    expect(view.size?.volume).toBeCloseTo(18, 10);
    // 300050 centavos over 7.5 sq m.
    expect(view.pricePerSquareMeter).toBe(40007);
    expect(view.completedSteps).not.toContain("add-more-details");
    expect(view.completedSteps).toHaveLength(STORAGE_STEPS.length + 1);
  });

  it("converts sizes typed in feet to meters, and takes a per-unit rent mode with its units", async () => {
    const host = await loggedInUser();
    const draft = await fullDraft(host, STORAGE_STEPS.slice(0, 2));
    const view = await ok(
      addStep(host.cookie, {
        step: "storage-space-size-measurements",
        spaceId: draft._id,
        lengthUnit: "feet",
        length: 10,
        width: 8,
        height: 9,
        entireSpace: false,
        unitOfRental: "pallet",
        unitsAvailable: 6,
      }),
    );
    expect(view.size?.length).toBeCloseTo(10 / FEET_PER_METER, 10);
    expect(view.size?.area).toBeCloseTo((10 / FEET_PER_METER) * (8 / FEET_PER_METER), 10);
    expect(view.size?.volume).toBeCloseTo((10 * 8 * 9) / FEET_PER_METER ** 3, 10);
    expect(view).toMatchObject({
      rentMode: { entireSpace: false },
      unitOfRental: "pallet",
      unitsAvailable: 6,
    });
    // Per pallet: at most ₱999 a month.
    expectRefused(
      await addStep(host.cookie, { step: "set-your-space-price", spaceId: draft._id, monthlyPrice: 1000 }),
      "monthlyPrice",
      "Monthly price must be at most ₱999.",
    );
    const priced = await ok(
      addStep(host.cookie, { step: "set-your-space-price", spaceId: draft._id, monthlyPrice: 999 }),
    );
    expect(priced.listingPrice).toBe(99900);
    expect(priced.pricePerSquareMeter).toBeNull();
  });

  it("saves a parking listing: vehicle, slots, and a daily price it requires", async () => {
    const host = await loggedInUser();
    const draft = await fullDraft(host, PARKING_STEPS.slice(0, -1));
    expectRefused(
      await addStep(host.cookie, { step: "set-your-space-price", spaceId: draft._id, monthlyPrice: 4500 }),
      "dailyPrice",
      "Daily price is required.",
    );
    const view = await ok(addStep(host.cookie, { ...PARKING_STEPS.at(-1), spaceId: draft._id }));
    expect(view).toMatchObject({
      storageType: "parking",
      kind: "condo",
      vehicleSize: "suv",
      unitsAvailable: 2,
      size: null,
      features: ["covered", "cctv"],
      accessOption: "24 hours notice",
      description: null,
      listingPrice: 450000,
      dailyPrice: 18000,
      pricePerSquareMeter: null,
    });
    expect(view.completedSteps).toContain("vehicle-size-measurements");
    expect(view.completedSteps).not.toContain("storage-space-size-measurements");
    // A whole slot's monthly price may pass ₱999; a day's may not.
    expectRefused(
      await addStep(host.cookie, {
        step: "set-your-space-price",
        spaceId: draft._id,
        monthlyPrice: 12000,
        dailyPrice: 1000,
      }),
      "dailyPrice",
      "Daily price must be at most ₱999.",
    );
  });

  it("refuses each step's first failing rule, and changes nothing", async () => {
    const host = await loggedInUser();
    const draft = await fullDraft(host, STORAGE_STEPS.slice(0, 3));
    const spaceId = draft._id;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...LOCATION, spaceId, addressLine1: "" }, "addressLine1", "Address line 1 is required"],
      [{ ...LOCATION, spaceId, city: "atlantis" }, "city", UNKNOWN_CITY],
      [{ ...LOCATION, spaceId, barangay: "Lahug" }, "barangay", "Please choose a barangay from the list."],
      [{ step: "pin-location-on-map", spaceId, latitude: 14.5 }, "longitude", "Longitude is required."],
      [{ step: "pin-location-on-map", spaceId, longitude: 121.03 }, "latitude", "Latitude is required."],
      [
        { step: "pin-location-on-map", spaceId, latitude: 35.68, longitude: 139.76 },
        "latitude",
        OUTSIDE_PHILIPPINES,
      ],
      [
        { step: "kind-of-space-are-you-listing", spaceId, storageType: "boat", kind: "spareRoom" },
        "storageType",
        "Please choose storage or parking.",
      ],
      [
        { step: "kind-of-space-are-you-listing", spaceId, storageType: "storage", kind: "mall" },
        "kind",
        KIND_MESSAGE,
      ],
      [{ step: "kind-of-space-are-you-listing", spaceId, storageType: "storage" }, "kind", KIND_MESSAGE],
      [{ ...STORAGE_STEPS[2], spaceId, length: undefined }, "length", "Length is required."],
      [{ ...STORAGE_STEPS[2], spaceId, width: 0 }, "width", "Width must be more than 0."],
      [{ ...STORAGE_STEPS[2], spaceId, width: undefined }, "width", "Width is required."],
      [
        { ...STORAGE_STEPS[2], spaceId, unitOfRental: undefined },
        "unitOfRental",
        "Please choose the unit you rent by.",
      ],
      [{ ...STORAGE_STEPS[2], spaceId, lengthUnit: "feet", length: 3281 }, "length", SIDE_TOO_LONG],
      [{ ...STORAGE_STEPS[2], spaceId, height: 1000.5 }, "height", SIDE_TOO_LONG],
      [{ ...STORAGE_STEPS[2], spaceId, entireSpace: false }, "unitsAvailable", "Units for rent is required."],
      [
        { step: "vehicle-size-measurements", spaceId, vehicleSize: "sedan", unitsAvailable: 1 },
        "step",
        "This step is only for parking spaces.",
      ],
      [
        { step: "features", spaceId, features: ["evCharging"], accessOption: "week" },
        "features",
        "Please choose features from the list.",
      ],
      [
        { step: "features", spaceId, features: ["jacuzzi"], accessOption: "week" },
        "features.0",
        "Please choose features from the list.",
      ],
      [{ step: "features", spaceId, features: [] }, "accessOption", "Please choose when renters can get in."],
      [{ step: "describe-your-space", spaceId, spaceTitle: " " }, "spaceTitle", "Title is required."],
      [
        { step: "describe-your-space", spaceId, spaceTitle: "Shed" },
        "spaceTitle",
        "Title must be at least 5 characters.",
      ],
      [
        { step: "describe-your-space", spaceId, spaceTitle: "<script>alert(1)</script>" },
        "spaceTitle",
        "Title can have only letters, numbers, spaces, hyphens and underscores.",
      ],
      [
        { step: "list-your-space-frequency", spaceId, rentalDurations: [] },
        "rentalDurations",
        "Please choose at least one rental duration.",
      ],
      [{ step: "set-your-space-price", spaceId }, "monthlyPrice", "Monthly price is required."],
      [
        { step: "set-your-space-price", spaceId, monthlyPrice: 0.5 },
        "monthlyPrice",
        "Monthly price must be at least ₱1.",
      ],
      [
        { step: "set-your-space-price", spaceId, monthlyPrice: 10.555 },
        "monthlyPrice",
        "Monthly price can have at most 2 decimals.",
      ],
      [
        { step: "set-your-space-price", spaceId, monthlyPrice: 1_000_000 },
        "monthlyPrice",
        "Monthly price must be at most ₱999,999.",
      ],
      [{ step: "deposit", spaceId, depositRequired: "maybe" }, "depositRequired", "Please answer yes or no."],
      [
        { step: "contract-facility", spaceId, contractType: "uploaded" },
        "contractType",
        "Please upload your contract first.",
      ],
      [
        { step: "contract-facility", spaceId, contractType: "napkin" },
        "contractType",
        "Please choose a contract.",
      ],
      [{ step: "preview", spaceId, publish: false }, "publish", "Please confirm to publish."],
      [{ step: "teleport", spaceId }, "step", "Unknown listing step."],
      [{ step: "deposit", depositRequired: true }, "spaceId", "Unknown space."],
    ];
    const before = await row(spaceId);
    for (const [body, field, message] of cases) {
      const answer = await addStep(host.cookie, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.responseMessage, JSON.stringify(body)).toBe(message);
      expect(answer.body.result, JSON.stringify(body)).toContainEqual({ field, message });
    }
    const parking = await fullDraft(host, PARKING_STEPS.slice(0, 2));
    for (const [body, field, message] of [
      [
        { vehicleSize: "hovercraft", unitsAvailable: 1 },
        "vehicleSize",
        "Please choose the largest vehicle that fits.",
      ],
      [{ vehicleSize: "suv", unitsAvailable: 0 }, "unitsAvailable", "Parking slots must be at least 1."],
    ] as const) {
      const answer = await addStep(host.cookie, {
        step: "vehicle-size-measurements",
        spaceId: parking._id,
        ...body,
      });
      expectRefused(answer, field, message);
    }
    const extra = await addStep(host.cookie, {
      step: "deposit",
      spaceId,
      depositRequired: true,
      status: "active",
    });
    expectStatus(extra, 400);
    expect(await row(spaceId)).toEqual(before);
  });

  it("takes any barangay in a city that has no list of barangays", async () => {
    const { db } = await getDatabase();
    await db.insert(cities).values({
      name: "Bagong Bayan",
      slug: "bagong-bayan-test",
      province: "Rizal",
      region: "CALABARZON (Region IV-A)",
      latitude: 14.6,
      longitude: 121.2,
    });
    const host = await loggedInUser();
    const view = await newDraft(host, { ...LOCATION, city: "Bagong-Bayan-Test", barangay: "Sitio Malinis" });
    expect(view.address).toMatchObject({
      city: "Bagong Bayan",
      citySlug: "bagong-bayan-test",
      barangay: "Sitio Malinis",
    });
  });

  it("a new type drops the old type's size, features and price, and asks those steps again", async () => {
    const host = await loggedInUser();
    const storage = await fullDraft(host);
    const parking = await ok(
      addStep(host.cookie, {
        step: "kind-of-space-are-you-listing",
        spaceId: storage._id,
        storageType: "parking",
        kind: "garage",
      }),
    );
    expect(parking).toMatchObject({
      storageType: "parking",
      kind: "garage",
      size: null,
      unitOfRental: null,
      rentMode: { entireSpace: true },
      unitsAvailable: 1,
      // cctv is a parking feature too; climate control is not.
      features: ["cctv"],
      listingPrice: null,
      dailyPrice: null,
      // Not the old type's: the spaces' other fields stay.
      spaceTitle: "Dry spare room in Bel-Air",
      depositRequired: true,
    });
    for (const step of ["storage-space-size-measurements", "features", "set-your-space-price"])
      expect(parking.completedSteps).not.toContain(step);
    expect(parking.resumeStep).toBe("vehicle-size-measurements");
    const stored = await row(storage._id);
    expect([stored.lengthM, stored.areaSqm, stored.volumeCbm, stored.monthlyPrice]).toEqual([
      null,
      null,
      null,
      null,
    ]);

    // Back to storage: the vehicle goes the same way.
    await ok(addStep(host.cookie, { ...PARKING_STEPS[2], spaceId: storage._id }));
    const back = await ok(addStep(host.cookie, { ...STORAGE_STEPS[1], spaceId: storage._id }));
    expect([back.vehicleSize, back.unitsAvailable]).toEqual([null, 1]);
    expect(back.completedSteps).not.toContain("vehicle-size-measurements");
    // The same type again changes nothing else.
    const same = await ok(addStep(host.cookie, { ...STORAGE_STEPS[1], spaceId: storage._id, kind: "attic" }));
    expect(same.features).toEqual(["cctv"]);
  });

  it("a new rent mode asks the price again", async () => {
    const host = await loggedInUser();
    const draft = await fullDraft(host);
    const same = await ok(addStep(host.cookie, { ...STORAGE_STEPS[2], spaceId: draft._id, length: 4 }));
    expect(same.listingPrice).toBe(300050);
    const perSqm = await ok(
      addStep(host.cookie, {
        ...STORAGE_STEPS[2],
        spaceId: draft._id,
        entireSpace: false,
        unitsAvailable: 7,
      }),
    );
    expect(perSqm).toMatchObject({ listingPrice: null, unitsAvailable: 7, rentMode: { entireSpace: false } });
    expect(perSqm.completedSteps).not.toContain("set-your-space-price");
  });

  it("publishing says what is missing, first one as the message, and leaves the draft pending", async () => {
    const host = await loggedInUser();
    const draft = await newDraft(host);
    const answer = await call<PublishingGap[]>("POST", "/space/addMySpace", {
      cookie: host.cookie,
      body: { step: "preview", spaceId: draft._id, publish: true },
    });
    expectStatus(answer, 400, PUBLISHING_MESSAGES.pin);
    expect(answer.body.result).toEqual([
      { step: "pin-location-on-map", message: PUBLISHING_MESSAGES.pin },
      { step: "kind-of-space-are-you-listing", message: PUBLISHING_MESSAGES.kind },
      { step: "add-more-details", message: PUBLISHING_MESSAGES.photo },
      { step: "describe-your-space", message: PUBLISHING_MESSAGES.title },
      { step: "list-your-space-frequency", message: PUBLISHING_MESSAGES.frequency },
      { step: "set-your-space-price", message: PUBLISHING_MESSAGES.price },
    ]);
    const stored = await row(draft._id);
    expect([stored.status, stored.publishedAt, stored.completedSteps]).toEqual([
      "pending",
      null,
      ["location"],
    ]);

    const full = await fullDraft(host);
    const noPhoto = await addStep(host.cookie, { step: "preview", spaceId: full._id, publish: true });
    expectStatus(noPhoto, 400, PUBLISHING_MESSAGES.photo);
  });

  it("publishes a complete listing: active, with a publication date; publishing again changes nothing", async () => {
    const host = await loggedInUser();
    const view = await activeListing(host);
    expect(view).toMatchObject({ status: "active", availableForRent: "Active", publishingGaps: [] });
    expect(view.completedSteps).toContain("preview");
    expect(view.publishedAt).not.toBeNull();
    const again = await ok(addStep(host.cookie, { step: "preview", spaceId: view._id, publish: true }));
    expect([again.status, again.publishedAt]).toEqual(["active", view.publishedAt]);

    // An active listing must stay publishable: its last photo cannot go.
    const noPhotos = await addStep(host.cookie, {
      step: "add-more-details",
      spaceId: view._id,
      photoOrder: [],
    });
    expectStatus(noPhotos, 400, PUBLISHING_MESSAGES.photo);
    expect(await ok(hostView(host.cookie, view._id))).toMatchObject({ status: "active", spacePhotos: [{}] });

    const parking = await activeListing(host, PARKING_STEPS);
    expect(parking).toMatchObject({ storageType: "parking", status: "active" });
  });

  it("answers 401 without a session, 404 for an unknown listing, 403 for another host's, changing nothing", async () => {
    const host = await loggedInUser();
    const intruder = await loggedInUser();
    const draft = await fullDraft(host, STORAGE_STEPS.slice(0, 2));
    expectStatus(await addStep(undefined, LOCATION), 401, LOGIN_FIRST);
    expectRefused(
      await addStep(intruder.cookie, { step: "deposit", spaceId: randomUUID(), depositRequired: true }),
      "spaceId",
      NOT_FOUND,
      404,
    );
    const before = await row(draft._id);
    for (const body of [
      { ...LOCATION, spaceId: draft._id },
      { step: "describe-your-space", spaceId: draft._id, spaceTitle: "Mine now" },
      { step: "preview", spaceId: draft._id, publish: true },
    ]) {
      expectRefused(await addStep(intruder.cookie, body), "spaceId", NOT_YOURS, 403);
    }
    expect(await row(draft._id)).toEqual(before);
  });
});

describe("POST /space/editSpace", () => {
  const edit = (cookie: string | undefined, body: Record<string, unknown>) =>
    call<SpaceView>("POST", "/space/editSpace", { cookie, body });

  it("edits fields of several steps of an active listing at once, checked by their steps' rules", async () => {
    const host = await loggedInUser();
    const listing = await activeListing(host);
    const view = await ok(
      edit(host.cookie, {
        spaceId: listing._id,
        spaceTitle: "Renovated spare room",
        description: "New paint",
        monthlyPrice: 3500,
        firstMonthDiscount: false,
        quickMoveIn: true,
      }),
    );
    expect(view).toMatchObject({
      status: "active",
      spaceTitle: "Renovated spare room",
      description: "New paint",
      listingPrice: 350000,
      firstMonthDiscount: false,
      quickMoveIn: true,
      depositRequired: true,
    });
    expect(new Date(view.updatedAt).getTime()).toBeGreaterThan(new Date(listing.updatedAt).getTime());

    // A step it touches is taken whole: the size step needs its unit and every side.
    expectRefused(
      await edit(host.cookie, { spaceId: listing._id, length: 5 }),
      "lengthUnit",
      "Please choose meters or feet.",
    );
    expectRefused(
      await edit(host.cookie, { spaceId: listing._id, spaceTitle: "Ok title", monthlyPrice: -3 }),
      "monthlyPrice",
      "Monthly price must be at least ₱1.",
    );
    expectRefused(
      await edit(host.cookie, {
        spaceId: listing._id,
        city: "atlantis",
        addressLine1: "x",
        addressLine2: "y",
        barangay: "z",
        province: "p",
      }),
      "city",
      UNKNOWN_CITY,
    );
    expectStatus(await edit(host.cookie, { spaceId: listing._id }), 400, "Please change at least one field.");
    expectStatus(await edit(host.cookie, { spaceId: listing._id, status: "inactive" }), 400);
    expectStatus(await edit(host.cookie, { spaceId: listing._id, publish: true }), 400);
    expect((await row(listing._id)).spaceTitle).toBe("Renovated spare room");
  });

  it("keeps an active listing publishable, and switches its type when every new field comes along", async () => {
    const host = await loggedInUser();
    const listing = await activeListing(host);
    const before = await row(listing._id);
    const answer = await call<PublishingGap[]>("POST", "/space/editSpace", {
      cookie: host.cookie,
      body: { spaceId: listing._id, storageType: "parking", kind: "condo" },
    });
    expectStatus(answer, 400, PUBLISHING_MESSAGES.vehicle);
    expect(answer.body.result).toEqual([
      { step: "vehicle-size-measurements", message: PUBLISHING_MESSAGES.vehicle },
      { step: "set-your-space-price", message: PUBLISHING_MESSAGES.price },
    ]);
    expect(await row(listing._id)).toEqual(before);

    const parking = await ok(
      edit(host.cookie, {
        spaceId: listing._id,
        storageType: "parking",
        kind: "condo",
        vehicleSize: "van",
        // unitsAvailable goes with the listing's new type: parking slots.
        unitsAvailable: 3,
        features: ["covered"],
        accessOption: "week",
        monthlyPrice: 5000,
        dailyPrice: 250,
      }),
    );
    expect(parking).toMatchObject({
      status: "active",
      storageType: "parking",
      vehicleSize: "van",
      unitsAvailable: 3,
      size: null,
      features: ["covered"],
      listingPrice: 500000,
      dailyPrice: 25000,
    });
  });

  it("edits a draft too, and reorders photos through the photos step", async () => {
    const host = await loggedInUser();
    const draft = await fullDraft(host, STORAGE_STEPS.slice(0, 2));
    await addPhoto(host, draft._id);
    await addPhoto(host, draft._id);
    const photos = (await ok(hostView(host.cookie, draft._id))).spacePhotos.map((photo) => photo.uploadId);
    const view = await ok(
      edit(host.cookie, { spaceId: draft._id, photoOrder: [photos[1], photos[0]], coverPhotoIndex: 1 }),
    );
    expect(view.spacePhotos.map((photo) => photo.uploadId)).toEqual([photos[1], photos[0]]);
    expect(view.coverPhotoIndex).toBe(1);
    expect(view.status).toBe("pending");
  });

  it("answers 401 without a session, 404 for an unknown listing, 403 for another host's, changing nothing", async () => {
    const host = await loggedInUser();
    const intruder = await loggedInUser();
    const listing = await activeListing(host);
    const before = await row(listing._id);
    expectStatus(await edit(undefined, { spaceId: listing._id, spaceTitle: "Hijacked" }), 401);
    expectRefused(
      await edit(intruder.cookie, { spaceId: randomUUID(), spaceTitle: "Nope" }),
      "spaceId",
      NOT_FOUND,
      404,
    );
    expectRefused(
      await edit(intruder.cookie, { spaceId: listing._id, spaceTitle: "Hijacked" }),
      "spaceId",
      NOT_YOURS,
      403,
    );
    expect(await row(listing._id)).toEqual(before);
  });
});

describe("GET /space/pendingListing, activeListing, inactiveListing", () => {
  it("lists the caller's own listings of each status, most recently changed first, with counts", async () => {
    const host = await loggedInUser();
    const other = await loggedInUser();
    const first = await newDraft(host);
    const published = await activeListing(host);
    const second = await newDraft(host);
    const hidden = await activeListing(host);
    await ok(
      call("POST", `/reserve/setAvailability/${hidden._id}`, {
        cookie: host.cookie,
        body: { newAvailable: "Inactive" },
      }),
    );
    await newDraft(other);
    // Touching the first draft makes it the most recent.
    await ok(addStep(host.cookie, { ...LOCATION, spaceId: first._id, addressLine1: "14 Jupiter Street" }));

    const list = async (status: string) =>
      ok(call<MyListings>("GET", `/space/${status}Listing?userId=${host.user.id}`, { cookie: host.cookie }));
    const counts = { pending: 2, active: 1, inactive: 1 };
    const pending = await list("pending");
    expect(pending.listings.map((listing) => listing._id)).toEqual([first._id, second._id]);
    expect(pending.listings[0]?.address.addressLine1).toBe("14 Jupiter Street");
    expect([pending.count, pending.counts]).toEqual([2, counts]);
    const active = await list("active");
    expect(active.listings.map((listing) => listing._id)).toEqual([published._id]);
    expect(active.listings[0]?.spacePhotos).toHaveLength(1);
    expect([active.count, active.counts]).toEqual([1, counts]);
    const inactive = await list("inactive");
    expect(inactive.listings.map((listing) => [listing._id, listing.availableForRent])).toEqual([
      [hidden._id, "Inactive"],
    ]);
  });

  it("answers 403 for another user's id, 400 for a malformed one, 401 without a session", async () => {
    const host = await loggedInUser();
    const other = await loggedInUser();
    await newDraft(other);
    for (const status of ["pending", "active", "inactive"]) {
      const path = `/space/${status}Listing`;
      expectRefused(
        await call("GET", `${path}?userId=${other.user.id}`, { cookie: host.cookie }),
        "userId",
        "You can only see your own listings.",
        403,
      );
      expectRefused(
        await call("GET", `${path}?userId=me`, { cookie: host.cookie }),
        "userId",
        "Invalid user id.",
      );
      expectStatus(await call("GET", `${path}?userId=${host.user.id}`), 401);
    }
  });
});

describe("GET /space/spaceBriefHostView", () => {
  it("answers the host's full view of their listing, with or without editSpace", async () => {
    const host = await loggedInUser();
    const draft = await fullDraft(host);
    for (const query of ["", "&editSpace=true", "&editSpace=false"]) {
      const view = await ok(
        call<SpaceView>("GET", `/space/spaceBriefHostView?spaceId=${draft._id}${query}`, {
          cookie: host.cookie,
        }),
      );
      expect(view).toEqual(draft);
    }
    expectRefused(
      await call("GET", `/space/spaceBriefHostView?spaceId=${draft._id}&editSpace=maybe`, {
        cookie: host.cookie,
      }),
      "editSpace",
      "editSpace must be true or false.",
    );
  });

  it("answers 403 for another host's listing, 404 for an unknown one, 401 without a session", async () => {
    const host = await loggedInUser();
    const intruder = await loggedInUser();
    const listing = await activeListing(host);
    expectRefused(
      await hostView(intruder.cookie, listing._id),
      "spaceId",
      "You can only view your own listing.",
      403,
    );
    expectRefused(await hostView(intruder.cookie, randomUUID()), "spaceId", NOT_FOUND, 404);
    expectRefused(await hostView(intruder.cookie, "not-an-id"), "spaceId", "Unknown space.");
    expectStatus(await hostView(undefined, listing._id), 401);
  });
});

describe("POST /reserve/setAvailability/{id}", () => {
  const setAvailability = (cookie: string | undefined, id: string, newAvailable: unknown) =>
    call<SpaceView>("POST", `/reserve/setAvailability/${id}`, { cookie, body: { newAvailable } });

  it("moves a listing between active and inactive, by name or by boolean", async () => {
    const host = await loggedInUser();
    const listing = await activeListing(host);
    const off = await ok(setAvailability(host.cookie, listing._id, "Inactive"));
    expect([off.status, off.availableForRent]).toEqual(["inactive", "Inactive"]);
    const on = await ok(setAvailability(host.cookie, listing._id, true));
    expect([on.status, on.availableForRent, on.publishedAt]).toEqual([
      "active",
      "Active",
      listing.publishedAt,
    ]);
    expect((await ok(setAvailability(host.cookie, listing._id, false))).status).toBe("inactive");
    expect((await ok(setAvailability(host.cookie, listing._id, "Active"))).status).toBe("active");
    // Asking for the status it has is fine.
    expect((await ok(setAvailability(host.cookie, listing._id, "Active"))).status).toBe("active");
  });

  it("activates a draft only when it is publishable, and never deactivates a draft", async () => {
    const host = await loggedInUser();
    const draft = await fullDraft(host);
    const refused = await call<PublishingGap[]>("POST", `/reserve/setAvailability/${draft._id}`, {
      cookie: host.cookie,
      body: { newAvailable: "Active" },
    });
    expectStatus(refused, 400, PUBLISHING_MESSAGES.photo);
    expect(refused.body.result).toEqual([{ step: "add-more-details", message: PUBLISHING_MESSAGES.photo }]);
    expectRefused(
      await setAvailability(host.cookie, draft._id, "Inactive"),
      "newAvailable",
      "This listing is not published yet: finish and publish it first.",
    );
    expect((await row(draft._id)).status).toBe("pending");
    await addPhoto(host, draft._id);
    const active = await ok(setAvailability(host.cookie, draft._id, "Active"));
    expect(active.status).toBe("active");
    expect(active.publishedAt).not.toBeNull();
  });

  it("refuses a bad value, another host's listing (403, nothing changed), and callers without a session", async () => {
    const host = await loggedInUser();
    const intruder = await loggedInUser();
    const listing = await activeListing(host);
    expectRefused(
      await setAvailability(host.cookie, listing._id, "Paused"),
      "newAvailable",
      "newAvailable must be Active or Inactive.",
    );
    expectRefused(await setAvailability(intruder.cookie, listing._id, "Inactive"), "spaceId", NOT_YOURS, 403);
    expectRefused(
      await setAvailability(intruder.cookie, randomUUID(), "Inactive"),
      "spaceId",
      NOT_FOUND,
      404,
    );
    expectStatus(await setAvailability(undefined, listing._id, "Inactive"), 401);
    expect((await row(listing._id)).status).toBe("active");
  });
});

describe("GET /space/getStoragePriceRange and /space/getParkingPriceRange", () => {
  type StorageRange = PriceRange & { city: string; cityName: string; byBasis: Record<string, PriceRange> };
  type ParkingRange = PriceRange & { city: string; cityName: string; daily: PriceRange };
  const DEFAULTS = { count: 0, minPrice: 100, maxPrice: 99900, medianPrice: null };

  /** Listings straight into the table: only their status, type, city and prices matter here. */
  async function insertListings(
    hostId: string,
    citySlug: string,
    listings: Partial<typeof spaces.$inferInsert>[],
  ): Promise<void> {
    const { db } = await getDatabase();
    const [city] = await db.select().from(cities).where(eq(cities.slug, citySlug));
    await db
      .insert(spaces)
      .values(
        listings.map((listing) => ({ hostId, cityId: city?.id, status: "active" as const, ...listing })),
      );
  }

  it("answers the default 1 and 999 pesos when a city has no active listings", async () => {
    const storage = await ok(call<StorageRange>("GET", "/space/getStoragePriceRange?city=iligan"));
    expect(storage).toEqual({
      city: "iligan",
      cityName: "Iligan",
      ...DEFAULTS,
      byBasis: { sqm: DEFAULTS, cbm: DEFAULTS, pallet: DEFAULTS, entireSpace: DEFAULTS },
    });
    const parking = await ok(call<ParkingRange>("GET", "/space/getParkingPriceRange?city=iligan"));
    expect(parking).toEqual({ city: "iligan", cityName: "Iligan", ...DEFAULTS, daily: DEFAULTS });
  });

  it("computes the range of the city's active listings of the type, per rent mode too", async () => {
    const { user } = await loggedInUser();
    const storage = { storageType: "storage" as const };
    const parking = { storageType: "parking" as const };
    await insertListings(user.id, "dumaguete", [
      { ...storage, entireSpace: true, unitOfRental: "sqm", monthlyPrice: 300000 },
      { ...storage, entireSpace: true, unitOfRental: "cbm", monthlyPrice: 500000 },
      { ...storage, entireSpace: false, unitOfRental: "sqm", monthlyPrice: 50000 },
      { ...storage, entireSpace: false, unitOfRental: "sqm", monthlyPrice: 70000 },
      { ...storage, entireSpace: false, unitOfRental: "sqm", monthlyPrice: 60000 },
      { ...storage, entireSpace: false, unitOfRental: "pallet", monthlyPrice: 45050 },
      // Not counted: a draft, an inactive one, an unpriced one, another city's, another type's.
      { ...storage, status: "pending", entireSpace: false, unitOfRental: "sqm", monthlyPrice: 100 },
      { ...storage, status: "inactive", entireSpace: false, unitOfRental: "sqm", monthlyPrice: 99900 },
      { ...storage, entireSpace: false, unitOfRental: "sqm", monthlyPrice: null },
      { ...parking, monthlyPrice: 200000, dailyPrice: 15000 },
      { ...parking, monthlyPrice: 350000, dailyPrice: 25000 },
      { ...parking, monthlyPrice: 260000, dailyPrice: null },
    ]);
    await insertListings(user.id, "bacolod", [
      { ...storage, entireSpace: false, unitOfRental: "sqm", monthlyPrice: 100 },
    ]);

    const range = await ok(call<StorageRange>("GET", "/space/getStoragePriceRange?city=Dumaguete"));
    expect(range).toMatchObject({
      city: "dumaguete",
      cityName: "Dumaguete",
      count: 6,
      minPrice: 45050,
      maxPrice: 500000,
    });
    // [45050, 50000, 60000, 70000, 300000, 500000]: the mean of the middle two.
    expect(range.medianPrice).toBe(65000);
    expect(range.byBasis).toEqual({
      sqm: { count: 3, minPrice: 50000, maxPrice: 70000, medianPrice: 60000 },
      cbm: DEFAULTS,
      pallet: { count: 1, minPrice: 45050, maxPrice: 45050, medianPrice: 45050 },
      entireSpace: { count: 2, minPrice: 300000, maxPrice: 500000, medianPrice: 400000 },
    });

    const parkingRange = await ok(call<ParkingRange>("GET", "/space/getParkingPriceRange?city=dumaguete"));
    expect(parkingRange).toEqual({
      city: "dumaguete",
      cityName: "Dumaguete",
      count: 3,
      minPrice: 200000,
      maxPrice: 350000,
      medianPrice: 260000,
      daily: { count: 2, minPrice: 15000, maxPrice: 25000, medianPrice: 20000 },
    });
  });

  it("counts a listing published through the wizard, and drops it when deactivated", async () => {
    const host = await loggedInUser();
    const location = { ...LOCATION, city: "legazpi", barangay: "Gogon", province: "Albay" };
    let view = await newDraft(host, location);
    for (const body of STORAGE_STEPS) view = await ok(addStep(host.cookie, { ...body, spaceId: view._id }));
    await addPhoto(host, view._id);
    await ok(addStep(host.cookie, { step: "preview", spaceId: view._id, publish: true }));
    const range = await ok(call<StorageRange>("GET", "/space/getStoragePriceRange?city=legazpi"));
    expect(range).toMatchObject({ count: 1, minPrice: 300050, maxPrice: 300050, medianPrice: 300050 });
    expect(range.byBasis.entireSpace?.count).toBe(1);
    await ok(
      call("POST", `/reserve/setAvailability/${view._id}`, {
        cookie: host.cookie,
        body: { newAvailable: false },
      }),
    );
    expect(await ok(call<StorageRange>("GET", "/space/getStoragePriceRange?city=legazpi"))).toMatchObject(
      DEFAULTS,
    );
  });

  it("refuses a city that is not on the list, or none", async () => {
    for (const path of ["/space/getStoragePriceRange", "/space/getParkingPriceRange"]) {
      expectRefused(await call("GET", `${path}?city=atlantis`), "city", UNKNOWN_CITY);
      expectRefused(await call("GET", path), "city", "City is required");
    }
  });
});

describe("GET /space/getAvailableSpace", () => {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(new Date());
  const available = (cookie: string | undefined, spaceId: string, startDate: string) =>
    call<{ spaceId: string; startDate: string; totalUnits: number; availableUnits: number }>(
      "GET",
      `/space/getAvailableSpace?spaceId=${spaceId}&startDate=${startDate}`,
      { cookie },
    );

  it("answers every unit of an active listing as free from today on, to anyone", async () => {
    const host = await loggedInUser();
    const listing = await activeListing(host, PARKING_STEPS);
    for (const date of [today, addDays(today, 45)]) {
      expect(await ok(available(undefined, listing._id, date))).toEqual({
        spaceId: listing._id,
        startDate: date,
        totalUnits: 2,
        availableUnits: 2,
      });
    }
  });

  it("refuses a date in the past or not a date", async () => {
    const host = await loggedInUser();
    const listing = await activeListing(host);
    expectRefused(
      await available(undefined, listing._id, addDays(today, -1)),
      "startDate",
      "The start date cannot be in the past.",
    );
    for (const date of ["2026-02-30", "tomorrow", ""]) {
      expectRefused(
        await available(undefined, listing._id, date),
        "startDate",
        "Please choose a valid start date.",
      );
    }
  });

  it("shows a draft or an inactive listing to its host only: 404 for everyone else", async () => {
    const host = await loggedInUser();
    const other = await loggedInUser();
    const draft = await fullDraft(host);
    expect((await ok(available(host.cookie, draft._id, today))).availableUnits).toBe(1);
    expectRefused(await available(other.cookie, draft._id, today), "spaceId", NOT_FOUND, 404);
    expectRefused(await available(undefined, draft._id, today), "spaceId", NOT_FOUND, 404);
    expectRefused(await available(undefined, randomUUID(), today), "spaceId", NOT_FOUND, 404);
  });
});
