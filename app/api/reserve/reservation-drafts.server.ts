import { and, eq } from "drizzle-orm";
import { z } from "zod/v4";
import { amountOffFor, assertUsable, codeOf, findCode } from "~/core/voucher-service.server";
import type { Database } from "~/db/client.server";
import { type ReservationValues, reservationDrafts, type SpaceRow } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { priceWithVoucher } from "~/domain/pricing";
import { capacityOf, priceWaitsFor } from "~/domain/reservation";
import { spaceTypeOf } from "~/domain/space-types";
import { MAX_CODE_LENGTH, VOUCHER_MESSAGES } from "~/domain/vouchers";
import { listingPath } from "~/utils/site-paths";
import { validInput } from "../dispatch.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { spaceId } from "../space/listing-page-queries.server";
import { itemsOf, type StorageItem } from "../user/item-list.server";
import { type BookingQuote, quoteFor, reservableSpace, reservationInput } from "./booking-quotes.server";
import type { BookingDetails } from "./booking-views.server";
import { BOOKED_MESSAGE, bookSpace } from "./bookings.server";
import { itemIds, messageForKeeper, ownItems, paymentMethod, weekdays } from "./reservation-input.server";

/**
 * The reservation in progress (ADR 0023): one draft per renter and space, saved by every reserve-space step, so the
 * flow works without JavaScript and resumes after a reload or on another device. Saving checks what it is given by
 * the booking rules (app/domain/reservation.ts); POST /reserve/BookSpace books from it and deletes it.
 */

/** The listing as the reserve-space steps show it. */
export type ReservationSpace = {
  spaceId: string;
  title: string;
  path: string;
  type: "storage" | "parking";
  /** Units are chosen (sqm, cbm, pallets) only for a unit rental. */
  unitRental: boolean;
  unitName: string | null;
  capacity: number;
  rentalDurations: string[];
  monthlyPrice: number | null;
  dailyPrice: number | null;
};

export type ReservationDraft = {
  space: ReservationSpace;
  values: ReservationValues;
  /** The price of what is chosen so far, once a start date and a duration (and a parking's chosen days) are. */
  quote: BookingQuote | null;
  /** Without a price, what it waits for or why the choice cannot be priced, in the renter's words. */
  quoteMessage: string | null;
  /** The renter's list of things to store. */
  items: StorageItem[];
  /** Why the applied code no longer lowers the due, when it does not. */
  codeMessage: string | null;
};

function toReservationSpace(space: SpaceRow): ReservationSpace {
  const type = spaceTypeOf(space);
  return {
    spaceId: space.id,
    title: space.spaceTitle ?? "",
    path: listingPath({ _id: space.id, storageType: space.storageType, spaceTitle: space.spaceTitle }),
    type,
    unitRental: type === "storage" && !space.entireSpace,
    unitName: space.unitOfRental,
    capacity: capacityOf(space),
    rentalDurations: space.rentalDurations,
    monthlyPrice: space.monthlyPrice,
    dailyPrice: space.dailyPrice,
  };
}

async function draftOf(
  db: Database,
  space: SpaceRow,
  renterId: string,
  values: ReservationValues,
): Promise<ReservationDraft> {
  let quote: BookingQuote | null = null;
  let quoteMessage = priceWaitsFor(values);
  if (!quoteMessage) {
    try {
      quote = await quoteFor(db, space, reservationInput(space.id, values), renterId);
    } catch (error) {
      // A choice not saved yet, a draft saved before the listing changed or a date that has passed: no price, and why.
      if (!(error instanceof DomainError)) throw error;
      quoteMessage = error.message;
    }
  }
  let codeMessage: string | null = null;
  if (quote && values.code) {
    try {
      const found = await findCode(db, values.code);
      await assertUsable(db, found, renterId, new Date());
      const off = amountOffFor(found, quote.price);
      quote = {
        ...quote,
        price: priceWithVoucher(quote.price, off),
        code: { code: codeOf(found), amountOff: off },
      };
    } catch (error) {
      // A code that stopped being usable (expired, used by another booking) is shown with its reason, not applied.
      if (!(error instanceof DomainError)) throw error;
      codeMessage = error.message;
    }
  }
  return {
    space: toReservationSpace(space),
    values,
    quote,
    quoteMessage,
    items: await itemsOf(db, renterId),
    codeMessage,
  };
}

async function storedValues(db: Database, renterId: string, id: string): Promise<ReservationValues> {
  const [row] = await db
    .select()
    .from(reservationDrafts)
    .where(and(eq(reservationDrafts.renterId, renterId), eq(reservationDrafts.spaceId, id)));
  return row?.values ?? {};
}

/** The dates step's choice: saved by saveReservationDraft, or only priced by reservationDraft. */
const choice = {
  startDate: z.string().optional(),
  duration: z.string().optional(),
  quantity: z.preprocess(
    (value) => (value === "" || value === undefined ? undefined : Number(value)),
    z.number().optional(),
  ),
  parkingMode: z
    .enum(["full_month", "selected_days"], { error: "Please choose full month or chosen days." })
    .optional(),
  weekdays,
};

/** The stored values with what is `given` on top (chosen days are kept only with selected_days). */
function withGiven(stored: ReservationValues, given: Partial<ReservationValues>): ReservationValues {
  const values: ReservationValues = { ...stored };
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined) (values as Record<string, unknown>)[key] = value;
  }
  if (values.parkingMode !== "selected_days") delete values.weekdays;
  return values;
}

export const reservationDraft = defineEndpoint({
  method: "GET",
  path: "/reserve/reservationDraft",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "The caller's reservation in progress for a space: what is chosen so far, its price (once a start date and a duration are, and a parking's chosen days) or what the price waits for, the listing and the caller's item list. Dates, duration, units, parking mode and weekdays given here are priced as if chosen, without saving them (the price shown while the renter chooses).",
  tags: ["reserve"],
  query: z.strictObject({ spaceId, ...choice }),
  async handler({ db, user, query }): Promise<ReservationDraft> {
    const { spaceId: id, ...given } = query;
    const space = await reservableSpace(db, id);
    return draftOf(db, space, user.id, withGiven(await storedValues(db, user.id, space.id), given));
  },
});

export const saveReservationDraft = defineEndpoint({
  method: "POST",
  path: "/reserve/saveReservationDraft",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "Saves one step of the caller's reservation of a space (any of: startDate, duration, quantity, parkingMode, weekdays, itemIds, messageForKeeper, paymentMethod, code — a voucher or coupon code the caller may use, or empty to remove it), checked by the booking rules; answers the draft.",
  tags: ["reserve"],
  message: "Saved.",
  body: z.strictObject({
    spaceId,
    ...choice,
    itemIds,
    messageForKeeper,
    paymentMethod: paymentMethod.optional(),
    /** A voucher or coupon code to apply; empty removes the applied one. */
    code: z.string().trim().max(MAX_CODE_LENGTH, { error: VOUCHER_MESSAGES.unknown }).optional(),
  }),
  async handler({ db, user, body }): Promise<ReservationDraft> {
    const space = await reservableSpace(db, body.spaceId);
    const { spaceId: _, ...given } = body;
    const values = withGiven(await storedValues(db, user.id, space.id), given);
    if (given.code === "") delete values.code;
    else if (given.code !== undefined) {
      // Only a code the renter may use now is kept; booking checks it again and holds it.
      const found = await findCode(db, given.code);
      await assertUsable(db, found, user.id, new Date());
      values.code = codeOf(found);
    }
    if (
      given.startDate !== undefined ||
      given.duration !== undefined ||
      given.quantity !== undefined ||
      given.weekdays
    ) {
      // Checks the dates, the duration, the units and the days; the draft keeps them only if they can be booked.
      await quoteFor(db, space, reservationInput(space.id, values), user.id);
    }
    if (given.itemIds) await ownItems(db, user.id, given.itemIds);
    const now = new Date();
    await db
      .insert(reservationDrafts)
      .values({ renterId: user.id, spaceId: space.id, values, updatedAt: now })
      .onConflictDoUpdate({
        target: [reservationDrafts.renterId, reservationDrafts.spaceId],
        set: { values, updatedAt: now },
      });
    return draftOf(db, space, user.id, values);
  },
});

export const bookReservationDraft = defineEndpoint({
  method: "POST",
  path: "/reserve/bookReservationDraft",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "Books the caller's saved reservation of a space (its dates, units, days, items, message and code, as POST /reserve/saveReservationDraft saved them), paid by `paymentMethod`, exactly as POST /reserve/BookSpace books those choices: the screens book what the renter chose without reading the draft only to send it back.",
  tags: ["reserve"],
  message: BOOKED_MESSAGE,
  body: z.strictObject({ spaceId, paymentMethod }),
  async handler(context): Promise<BookingDetails> {
    const { db, user, body } = context;
    const values = await storedValues(db, user.id, body.spaceId);
    const booking = validInput(bookSpace.body, {
      ...reservationInput(body.spaceId, values),
      itemIds: values.itemIds ?? [],
      messageForKeeper: values.messageForKeeper,
      paymentMethod: body.paymentMethod,
      code: values.code,
    });
    return bookSpace.handler({ ...context, body: booking });
  },
});

export const endpoints: Endpoint[] = [reservationDraft, saveReservationDraft, bookReservationDraft];
