import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import { type StorageItemRow, storageItems } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { PAYMENT_METHODS } from "~/domain/payment-methods";
import { MAX_MESSAGE_LENGTH, RESERVATION_MESSAGES } from "~/domain/reservation";
import { RENTAL_DURATIONS } from "~/domain/vocabulary";
import { MAX_CODE_LENGTH, VOUCHER_MESSAGES } from "~/domain/vouchers";
import { spaceId } from "../space/listing-page-queries.server";

/**
 * The fields of a reservation as the calls take them, written once: the booking quote, booking a space, the
 * reservation draft and paying (a booking or a bill) read the same days, items, message and payment method the same
 * way (ADR 0023).
 */

/** The pieces of a form field that are given: an empty piece (a blank value, "1,,3") is no value, never a 0. */
function given(value: unknown): unknown[] {
  return (Array.isArray(value) ? value : String(value).split(",")).filter(
    (piece) => String(piece).trim() !== "",
  );
}

/**
 * Weekdays as forms send them: repeated fields, or one comma-separated value ("1,2,3"); 0 is Sunday. An empty field
 * is no day chosen, never every day: a parking month is priced for the days the renter chose (docs/product.md, Parking
 * month; only a call without the field books the full month).
 */
export const weekdays = z.preprocess(
  (value) => (value === undefined ? undefined : given(value).map(Number)),
  z.array(z.number()).optional(),
);

const quantity = z.preprocess(
  (value) => (value === undefined || value === "" ? undefined : Number(value)),
  z.number().optional(),
);

export const reservation = {
  spaceId,
  startDate: z.string({ error: "Please choose a valid start date." }),
  // The vocabulary's rental durations, declared so an API client can list them (a space offers some of them).
  duration: z.enum(RENTAL_DURATIONS, { error: RESERVATION_MESSAGES.duration }),
  quantity,
  weekdays,
};

/** A voucher or coupon code as typed; an empty field is no code. */
export const voucherCode = z.preprocess(
  (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
  z
    .string({ error: VOUCHER_MESSAGES.code })
    .trim()
    .max(MAX_CODE_LENGTH, { error: VOUCHER_MESSAGES.unknown })
    .optional(),
);

export const ITEM_NOT_FOUND_IN_LIST = "One of the items was not found.";

/** The renter's items to store, by id (repeated fields or one); an empty field is none. */
export const itemIds = z.preprocess(
  (value) => (value === undefined ? undefined : given(value)),
  z
    .array(z.uuid({ error: ITEM_NOT_FOUND_IN_LIST }))
    .max(100)
    .optional(),
);

export const messageForKeeper = z
  .string()
  .trim()
  .max(MAX_MESSAGE_LENGTH, { error: `Please keep the message under ${MAX_MESSAGE_LENGTH} characters.` })
  .optional();

export const PAYMENT_METHOD_MESSAGE = "Please choose how you will pay: card, GCash or Maya.";

/** How the renter pays (card, GCash or Maya: docs/product.md, Payments). */
export const paymentMethod = z.enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_MESSAGE });

/**
 * The caller's own items among `ids`; another user's item, or one that is gone, is "not found" (the item list is
 * checked against the caller, app/api/user/item-list.server.ts).
 */
export async function ownItems(
  db: Database,
  userId: string,
  ids: readonly string[],
): Promise<StorageItemRow[]> {
  if (ids.length === 0) return [];
  const mine = await db
    .select()
    .from(storageItems)
    .where(and(eq(storageItems.userId, userId), inArray(storageItems.id, [...ids])));
  if (mine.length !== new Set(ids).size) throw new DomainError("invalid", ITEM_NOT_FOUND_IN_LIST, "itemIds");
  return mine;
}
