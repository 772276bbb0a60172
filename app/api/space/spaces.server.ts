import { and, desc, eq, isNotNull, sql } from "drizzle-orm";
import { z } from "zod/v4";
import { holdsOfSpace } from "~/core/booking-service.server";
import type { Database } from "~/db/client.server";
import { cities, type SpaceRow, spaces } from "~/db/schema";
import { UNKNOWN_CITY } from "~/domain/address-rules";
import { addDays, isValidDate, todayInManila, toEpochDay } from "~/domain/dates";
import { newDraft, type StepInput } from "~/domain/listing-draft";
import { AddMySpaceSchema, STEP_RULES } from "~/domain/listing-rules.server";
import { type Centavos, roundHalfUp } from "~/domain/money";
import { unitsHeldByDate } from "~/domain/overbooking";
import { capacityOf } from "~/domain/reservation";
import {
  LISTING_STEPS,
  type ListingStatus,
  type ListingStep,
  PRICE_INPUT_MAX,
  PRICE_INPUT_MIN,
  type SpaceView,
} from "~/domain/space";
import { type PriceBasis, priceBasisOf, RENTAL_UNITS, type SpaceType } from "~/domain/vocabulary";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError, type FieldError, fieldError } from "../envelope";
import { notWithdrawn } from "./listed.server";
import * as spaceFiles from "./space-files.server";
import {
  applyStepOf,
  type Draft,
  draftOf,
  LISTING_NOT_FOUND,
  NOT_YOUR_LISTING_TO_VIEW,
  ownListing,
  removeDropped,
  SpaceIdSchema,
  saveDraft,
} from "./space-steps.server";
import { toSpaceViewOf, toSpaceViews } from "./space-views.server";

/**
 * A host's listings (ADR 0012, the /space calls): the wizard's steps (addMySpace), the one-page edit (editSpace),
 * the host's lists and view, the price guidance of a city and the units free from a date. Every listing answer is a
 * SpaceView (app/domain/space.ts). The uploads of a listing are in space-files.server.ts; the steps themselves in
 * space-steps.server.ts; activation (/reserve/setAvailability) in app/api/reserve/availability.server.ts.
 */

export const LISTING_SAVED = "Your listing has been saved.";

/**
 * Applies steps to a listing (a new one when `row` is null) in one transaction, and answers its view. The uploads a
 * step dropped (photos left out, a replaced contract) are deleted once it is committed.
 */
export async function changeListing(
  db: Database,
  hostId: string,
  row: SpaceRow | null,
  change: (tx: Database, draft: Draft) => Promise<void>,
): Promise<SpaceView> {
  const saved = await db.transaction(async (tx) => {
    // Locked again in the transaction: a concurrent upload or step waits for this one.
    const locked = row ? await tx.select().from(spaces).where(eq(spaces.id, row.id)).for("update") : [];
    const draft = locked[0] ? await draftOf(tx, locked[0]) : newDraft();
    await change(tx, draft);
    return saveDraft(tx, hostId, draft);
  });
  await removeDropped(db, saved.dropped);
  return toSpaceViewOf(db, saved.row);
}

// ---------------------------------------------------------------------------------------------------------------
// The wizard and the one-page edit
// ---------------------------------------------------------------------------------------------------------------

export const addMySpace = defineEndpoint({
  method: "POST",
  path: "/space/addMySpace",
  auth: "required",
  answers: [403, 404],
  summary:
    "Saves one step of the list-your-space wizard: { step, spaceId?, ...that step's fields }. Without spaceId (location only) it starts a draft. Prices in pesos (stored in centavos), sizes in `lengthUnit` (stored in meters). The preview step { publish: true } publishes, or answers 400 with the missing requirements [{ step, message }]. Answers the SpaceView.",
  tags: ["spaces"],
  body: AddMySpaceSchema,
  message: LISTING_SAVED,
  async handler({ db, user, body }) {
    const { spaceId: id, ...input } = body;
    const row = id ? await ownListing(db, user, id) : null;
    return changeListing(db, user.id, row, (tx, draft) => applyStepOf(tx, draft, input as StepInput));
  },
});

/** The steps editSpace takes (every step with fields but the publishing one), and the fields of each. */
const EDIT_STEPS = LISTING_STEPS.filter((step) => step !== "preview");
const STEP_FIELDS = Object.fromEntries(
  EDIT_STEPS.map((step) => [step, Object.keys(STEP_RULES[step].form.shape)]),
) as Record<ListingStep, string[]>;
const EDIT_FIELDS = [...new Set(EDIT_STEPS.flatMap((step) => STEP_FIELDS[step]))];

/**
 * An editSpace field as /api/openapi.json declares it: the type its steps' rules take (anyOf both size steps' for
 * `unitsAvailable`). The handler checks each touched step whole with those rules, so the router takes the field as it
 * comes: a step's default must not fill a field the body left out (that would touch the step).
 */
function editField(field: string) {
  const declared = new Set(
    EDIT_STEPS.filter((step) => STEP_FIELDS[step].includes(field)).map((step) => {
      const rule = (STEP_RULES[step].form.shape as Record<string, z.ZodType>)[field] as z.ZodType;
      const { $schema: _, ...schema } = z.toJSONSchema(rule, { io: "input", unrepresentable: "any" });
      return JSON.stringify(schema);
    }),
  );
  const schemas = [...declared].map((json) => JSON.parse(json) as Record<string, unknown>);
  return z
    .unknown()
    .optional()
    .meta(schemas.length === 1 ? (schemas[0] as Record<string, unknown>) : { anyOf: schemas });
}

/**
 * The steps a body of editSpace touches, each with its fields, in the steps' order. `unitsAvailable` is in both size
 * steps: it belongs to the one of the listing's type (after the body's own type, if it has one).
 */
function touchedSteps(body: Record<string, unknown>, type: SpaceType | null) {
  const sizeStep = type === "parking" ? "vehicle-size-measurements" : "storage-space-size-measurements";
  return EDIT_STEPS.flatMap((step) => {
    const own = STEP_FIELDS[step].filter(
      (field) => body[field] !== undefined && (field !== "unitsAvailable" || step === sizeStep),
    );
    return own.length > 0
      ? [{ step, fields: Object.fromEntries(own.map((field) => [field, body[field]])) }]
      : [];
  });
}

export const editSpace = defineEndpoint({
  method: "POST",
  path: "/space/editSpace",
  auth: "required",
  answers: [403, 404],
  summary:
    "Edits a listing on one page: { spaceId, ...fields of any steps but preview }. Each step a field belongs to is checked whole with that step's rules (a field it leaves out takes the step's default: false for switches, empty for the description and features, the first photo as cover) and applied as addMySpace applies it; an active listing must stay publishable (400 with [{ step, message }]). Answers the SpaceView.",
  tags: ["spaces"],
  body: z.strictObject({
    spaceId: SpaceIdSchema,
    ...Object.fromEntries(EDIT_FIELDS.map((field) => [field, editField(field)])),
  }),
  message: LISTING_SAVED,
  async handler({ db, user, body }) {
    const row = await ownListing(db, user, body.spaceId);
    const fields: Record<string, unknown> = body;
    const type =
      fields.storageType === "storage" || fields.storageType === "parking"
        ? fields.storageType
        : row.storageType;
    const steps = touchedSteps(fields, type);
    if (steps.length === 0) throw new ApiError(400, "Please change at least one field.");
    const inputs: StepInput[] = [];
    const errors: FieldError[] = [];
    for (const { step, fields } of steps) {
      const parsed = STEP_RULES[step].form.safeParse(fields);
      if (parsed.success) inputs.push({ step, ...parsed.data } as StepInput);
      else
        errors.push(
          ...parsed.error.issues.map((issue) => ({ field: issue.path.join("."), message: issue.message })),
        );
    }
    if (errors.length > 0) throw new ApiError(400, (errors[0] as FieldError).message, errors);
    return changeListing(db, user.id, row, async (tx, draft) => {
      for (const input of inputs) await applyStepOf(tx, draft, input);
    });
  },
});

// ---------------------------------------------------------------------------------------------------------------
// The host's lists and view
// ---------------------------------------------------------------------------------------------------------------

export type MyListings = {
  /** The caller's listings of this status, the most recently changed first. */
  listings: SpaceView[];
  /** How many of them (listings.length). */
  count: number;
  /** How many listings the caller has of each status, for the tabs of my-storage-lists. */
  counts: Record<ListingStatus, number>;
};

function myListings(status: ListingStatus, path: string) {
  return defineEndpoint({
    method: "GET",
    path,
    auth: "required",
    answers: [403],
    summary: `The caller's ${status} listings (userId must be the caller's id), the most recently changed first: { listings: SpaceView[], count, counts: { pending, active, inactive } }.`,
    tags: ["spaces"],
    query: z.strictObject({ userId: z.uuid({ error: "Invalid user id." }) }),
    async handler({ db, user, query }): Promise<MyListings> {
      if (query.userId !== user.id) throw fieldError("userId", "You can only see your own listings.", 403);
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(spaces)
          .where(and(eq(spaces.hostId, user.id), eq(spaces.status, status)))
          .orderBy(desc(spaces.updatedAt), desc(spaces.createdAt)),
        db
          .select({ status: spaces.status, count: sql<number>`count(*)::int` })
          .from(spaces)
          .where(eq(spaces.hostId, user.id))
          .groupBy(spaces.status),
      ]);
      const counts = { pending: 0, active: 0, inactive: 0 };
      for (const total of totals) counts[total.status] = total.count;
      return { listings: await toSpaceViews(db, rows), count: rows.length, counts };
    },
  });
}

export const pendingListing = myListings("pending", "/space/pendingListing");
export const activeListing = myListings("active", "/space/activeListing");
export const inactiveListing = myListings("inactive", "/space/inactiveListing");

export const spaceBriefHostView = defineEndpoint({
  method: "GET",
  path: "/space/spaceBriefHostView",
  auth: "required",
  answers: [403, 404],
  summary:
    "The host's full SpaceView of their own listing, of any status. editSpace (true or false, as the product rules name it) changes nothing: the view already carries every field the edit form needs.",
  tags: ["spaces"],
  query: z.strictObject({
    spaceId: SpaceIdSchema,
    editSpace: z.enum(["true", "false"], { error: "editSpace must be true or false." }).optional(),
  }),
  async handler({ db, user, query }) {
    return toSpaceViewOf(
      db,
      await ownListing(db, user, query.spaceId, { message: NOT_YOUR_LISTING_TO_VIEW }),
    );
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Price guidance
// ---------------------------------------------------------------------------------------------------------------

/**
 * Monthly (or daily) prices in centavos of a set of active listings; the default price bounds (docs/product.md,
 * Constants) when there are none.
 */
export type PriceRange = {
  count: number;
  minPrice: Centavos;
  maxPrice: Centavos;
  /** The middle price (the mean of the two middle ones for an even count); null when there are no listings. */
  medianPrice: Centavos | null;
};

export function priceRange(prices: readonly Centavos[]): PriceRange {
  if (prices.length === 0)
    return { count: 0, minPrice: PRICE_INPUT_MIN * 100, maxPrice: PRICE_INPUT_MAX * 100, medianPrice: null };
  const sorted = [...prices].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[middle] as number)
      : roundHalfUp((sorted[middle - 1] as number) + (sorted[middle] as number), 2);
  return {
    count: sorted.length,
    minPrice: sorted[0] as number,
    maxPrice: sorted.at(-1) as number,
    medianPrice: median,
  };
}

const cityQuery = z.strictObject({
  city: z.string({ error: "City is required" }).trim().min(1, "City is required"),
});

/** The active, priced listings of a type in a city (by slug); 400 when the city is not on the list. */
async function pricedListings(db: Database, type: SpaceType, citySlug: string) {
  const [city] = await db
    .select({ id: cities.id, name: cities.name, slug: cities.slug })
    .from(cities)
    .where(eq(cities.slug, citySlug.toLowerCase()));
  if (!city) throw fieldError("city", UNKNOWN_CITY);
  const rows = await db
    .select({
      monthlyPrice: spaces.monthlyPrice,
      dailyPrice: spaces.dailyPrice,
      entireSpace: spaces.entireSpace,
      unitOfRental: spaces.unitOfRental,
    })
    .from(spaces)
    .where(
      and(
        eq(spaces.status, "active"),
        notWithdrawn(),
        eq(spaces.storageType, type),
        eq(spaces.cityId, city.id),
        isNotNull(spaces.monthlyPrice),
      ),
    );
  return { city, rows: rows.map((row) => ({ ...row, monthlyPrice: row.monthlyPrice as number })) };
}

export const getStoragePriceRange = defineEndpoint({
  method: "GET",
  path: "/space/getStoragePriceRange",
  auth: "none",
  summary:
    "The monthly prices (centavos) of the active storage listings of a city (slug): { city, cityName, count, minPrice, maxPrice, medianPrice } over all of them, and byBasis { sqm, cbm, pallet, entireSpace } with the same fields per rent mode (a price per unit and a whole space's price are not comparable). With none, count 0 and the default 1 and 999 pesos (docs/product.md, Constants), medianPrice null.",
  tags: ["spaces"],
  query: cityQuery,
  async handler({ db, query }) {
    const { city, rows } = await pricedListings(db, "storage", query.city);
    // Every basis is in the list, so every key is there.
    const byBasis = Object.fromEntries(
      [...RENTAL_UNITS, "entireSpace" as const].map((basis) => [
        basis,
        priceRange(
          rows
            .filter(
              (row) => row.unitOfRental && priceBasisOf({ ...row, unitOfRental: row.unitOfRental }) === basis,
            )
            .map((row) => row.monthlyPrice),
        ),
      ]),
    ) as { readonly [B in PriceBasis]: PriceRange };
    return {
      city: city.slug,
      cityName: city.name,
      ...priceRange(rows.map((row) => row.monthlyPrice)),
      byBasis,
    };
  },
});

export const getParkingPriceRange = defineEndpoint({
  method: "GET",
  path: "/space/getParkingPriceRange",
  auth: "none",
  summary:
    "The prices (centavos) of the active parking listings of a city (slug): { city, cityName, count, minPrice, maxPrice, medianPrice } of the monthly prices and daily { count, minPrice, maxPrice, medianPrice } of the daily ones. With none, count 0 and the default 1 and 999 pesos (docs/product.md, Constants), medianPrice null.",
  tags: ["spaces"],
  query: cityQuery,
  async handler({ db, query }) {
    const { city, rows } = await pricedListings(db, "parking", query.city);
    return {
      city: city.slug,
      cityName: city.name,
      ...priceRange(rows.map((row) => row.monthlyPrice)),
      daily: priceRange(rows.flatMap((row) => (row.dailyPrice === null ? [] : [row.dailyPrice]))),
    };
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Availability
// ---------------------------------------------------------------------------------------------------------------

/** How many days from the start date availability looks at: a month, the shortest booking most renters make. */
export const AVAILABILITY_WINDOW_DAYS = 30;

/**
 * How many units (or slots) of a listing are free from `startDate` on: its capacity less the most its bookings hold
 * on any day of the month that starts then (a whole space: 1 or 0).
 */
export async function availableUnitsFrom(
  db: Database,
  space: Pick<SpaceRow, "id" | "storageType" | "entireSpace" | "unitsAvailable">,
  startDate: string,
): Promise<number> {
  const held = unitsHeldByDate(await holdsOfSpace(db, space.id), {
    startDate,
    endDate: addDays(startDate, AVAILABILITY_WINDOW_DAYS - 1),
  });
  return Math.max(0, capacityOf(space) - Math.max(0, ...held.map((day) => day.units)));
}

const START_DATE_INVALID = "Please choose a valid start date.";

export const getAvailableSpace = defineEndpoint({
  method: "GET",
  path: "/space/getAvailableSpace",
  auth: "optional",
  answers: [404],
  summary:
    "How many units of a listing are free from startDate (YYYY-MM-DD, today or later in Manila): { spaceId, startDate, totalUnits, availableUnits }. Anyone may ask about an active listing; a pending or inactive one answers only its host (404 for others).",
  tags: ["spaces"],
  query: z.strictObject({
    spaceId: SpaceIdSchema,
    startDate: z
      .string({ error: START_DATE_INVALID })
      .refine((value) => isValidDate(value), { message: START_DATE_INVALID }),
  }),
  async handler({ db, user, query }) {
    const [space] = await db.select().from(spaces).where(eq(spaces.id, query.spaceId));
    if (!space || (space.status !== "active" && space.hostId !== user?.id))
      throw fieldError("spaceId", LISTING_NOT_FOUND, 404);
    if (toEpochDay(query.startDate) < toEpochDay(todayInManila()))
      throw fieldError("startDate", "The start date cannot be in the past.");
    return {
      spaceId: space.id,
      startDate: query.startDate,
      totalUnits: capacityOf(space),
      availableUnits: await availableUnitsFrom(db, space, query.startDate),
    };
  },
});

export const endpoints: Endpoint[] = [
  addMySpace,
  editSpace,
  pendingListing,
  activeListing,
  inactiveListing,
  spaceBriefHostView,
  getStoragePriceRange,
  getParkingPriceRange,
  getAvailableSpace,
  ...spaceFiles.endpoints,
];
