import { z } from "zod/v4";
import {
  amountOffFor,
  assertUsable,
  codeOf,
  type FoundCode,
  findCode,
  type WalletCoupon,
} from "~/core/voucher-service.server";
import { userCoupons } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import type { Centavos } from "~/domain/money";
import { type BookingPrice, priceWithVoucher } from "~/domain/pricing";
import { describeCoupon, VOUCHER_MESSAGES } from "~/domain/vouchers";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { reservableSpace, termsFor } from "../reserve/booking-quotes.server";
import { reservation, voucherCode } from "../reserve/reservation-input.server";

/**
 * Vouchers and coupons (docs/product.md, Vouchers and coupons; ADR 0030): saving a coupon to one's account, checking
 * what a code is worth to the caller, and what it takes off a booking quote. None of these holds or uses a code: only
 * booking does (POST /reserve/BookSpace with `code`).
 */

const codeBody = z.strictObject({
  code: voucherCode.pipe(z.string({ error: VOUCHER_MESSAGES.code })),
});

/** What a code is worth, in the caller's terms. */
export type CodeWorth = {
  code: string;
  kind: "voucher" | "coupon";
  /** Centavos off for a voucher or a fixed coupon; null for a percent coupon. */
  amount: Centavos | null;
  /** Percent of the first month for a percent coupon; null otherwise. */
  percent: number | null;
  description: string;
  /** The last Manila day it can be applied. */
  validUntil: string;
};

function worthOf(found: FoundCode): CodeWorth {
  if (found.kind === "voucher")
    return {
      code: found.voucher.code,
      kind: "voucher",
      amount: found.voucher.amount,
      percent: null,
      description: describeCoupon({ kind: "fixed", value: found.voucher.amount }),
      validUntil: found.voucher.expiresOn,
    };
  const { coupon } = found;
  return {
    code: coupon.code,
    kind: "coupon",
    amount: coupon.kind === "fixed" ? coupon.value : null,
    percent: coupon.kind === "percent" ? coupon.value : null,
    description: describeCoupon(coupon),
    validUntil: coupon.validUntil,
  };
}

export type CodeCheck =
  | { usable: true; message: null; worth: CodeWorth }
  | {
      usable: false;
      message: string;
      worth: CodeWorth | null;
    };

export const validateCode = defineEndpoint({
  method: "POST",
  path: "/user/validateCode",
  auth: "required",
  summary:
    "Whether a voucher or coupon code is usable by the caller today, and what it is worth (an amount, or a percent of the first month). An unusable code answers usable: false and the reason; nothing changes.",
  tags: ["vouchers"],
  body: codeBody,
  async handler({ db, user, body }): Promise<CodeCheck> {
    let found: FoundCode;
    try {
      found = await findCode(db, body.code);
    } catch (error) {
      if (error instanceof DomainError) return { usable: false, message: error.message, worth: null };
      throw error;
    }
    try {
      await assertUsable(db, found, user.id, new Date());
    } catch (error) {
      if (error instanceof DomainError)
        return { usable: false, message: error.message, worth: worthOf(found) };
      throw error;
    }
    return { usable: true, message: null, worth: worthOf(found) };
  },
});

export const useCoupon = defineEndpoint({
  method: "POST",
  path: "/user/useCoupon",
  auth: "required",
  answers: [409],
  summary:
    "Saves an operator's coupon to the caller's account, where the invite-a-friend page lists it with their vouchers. Refused when the code is unknown, a referral voucher, expired, already used by the caller or over its limit. Saving does not use it: booking with the code does.",
  tags: ["vouchers"],
  message: "The coupon is saved to your account. Enter its code when you pay for a booking.",
  body: codeBody,
  async handler({ db, user, body }): Promise<WalletCoupon> {
    const found = await findCode(db, body.code);
    if (found.kind === "voucher") {
      // A voucher is already in its holder's account; anyone else's is refused like any other use of it.
      await assertUsable(db, found, user.id, new Date());
      throw new DomainError("conflict", "This voucher is already in your account.", "code");
    }
    await assertUsable(db, found, user.id, new Date());
    await db.insert(userCoupons).values({ userId: user.id, couponId: found.coupon.id }).onConflictDoNothing();
    return {
      code: found.coupon.code,
      description: describeCoupon(found.coupon),
      validUntil: found.coupon.validUntil,
      status: "available",
    };
  },
});

export type BookingVoucherCheck = {
  code: string;
  kind: "voucher" | "coupon";
  /** Centavos the code takes off this booking (at most its due). */
  amountOff: Centavos;
  /** The due without the code. */
  dueBefore: Centavos;
  /** The booking price result with the code applied. */
  price: BookingPrice;
};

export const verifyBookingVoucher = defineEndpoint({
  method: "POST",
  path: "/reserve/verifyBookingVoucher",
  auth: "required",
  answers: [403, 404, 409],
  summary:
    "What a voucher or coupon code takes off a booking quote (the same space, start date, duration, units and weekdays as GET /reserve/bookingQuote): the amount off, the due before and the price with it. Refuses a code the caller may not use, with the reason; nothing is held or changed.",
  tags: ["reserve", "vouchers"],
  body: z.strictObject({ ...reservation, code: codeBody.shape.code }),
  async handler({ db, user, body }): Promise<BookingVoucherCheck> {
    const terms = termsFor(await reservableSpace(db, body.spaceId), body, user.id);
    const found = await findCode(db, body.code);
    await assertUsable(db, found, user.id, new Date());
    const off = amountOffFor(found, terms.price);
    return {
      code: codeOf(found),
      kind: found.kind,
      amountOff: off,
      dueBefore: terms.price.due,
      price: priceWithVoucher(terms.price, off),
    };
  },
});

export const endpoints: Endpoint[] = [validateCode, useCoupon, verifyBookingVoucher];
