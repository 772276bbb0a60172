import { randomInt } from "node:crypto";
import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import {
  type BookingRow,
  bookings,
  type CouponRow,
  coupons,
  userCoupons,
  users,
  type VoucherRow,
  voucherRedemptions,
  vouchers,
} from "~/db/schema";
import type { BookingState } from "~/domain/booking";
import { formatCalendarDate, todayInManila } from "~/domain/dates";
import { DomainError } from "~/domain/errors";
import { type Centavos, formatPeso } from "~/domain/money";
import type { BookingPrice } from "~/domain/pricing";
import {
  amountOff,
  COUNTING_REDEMPTION_STATES,
  checkCouponUsable,
  checkVoucherUsable,
  couponValue,
  describeCoupon,
  dueBeforeCode,
  earnsReferralVouchers,
  normalizeCode,
  type RedemptionState,
  referralVoucherExpiry,
  referralVouchersDueAt,
  VOUCHER_CODE_PREFIX,
  VOUCHER_MESSAGES,
  voucherStatus,
} from "~/domain/vouchers";
import { getEnv, siteOrigin } from "~/env.server";
import { defineQueue, send } from "~/infra/jobs.server";
import { notify } from "~/infra/notify.server";

/**
 * Where the voucher rules (app/domain/vouchers.ts) meet the database (ADR 0030): finding a typed code, checking it is
 * usable by the caller, holding it for a booking, and moving the hold as the booking moves — used when its payment is
 * confirmed, released when it ends unpaid or its money goes back. Referral vouchers are given here when a referred
 * user's booking has been active for 30 days or completes. Called inside the booking's transaction, so a code and its
 * booking change together.
 */

/** A typed code, found: an operator's coupon or a user's referral voucher. */
export type FoundCode = { kind: "coupon"; coupon: CouponRow } | { kind: "voucher"; voucher: VoucherRow };

/** The code `typed` names, or a refusal that says it is not valid. With `lock`, its row is locked until commit. */
export async function findCode(
  db: Database,
  typed: string,
  options: { lock?: boolean } = {},
): Promise<FoundCode> {
  const code = normalizeCode(typed);
  if (!code) throw new DomainError("invalid", VOUCHER_MESSAGES.code, "code");
  if (code.startsWith(VOUCHER_CODE_PREFIX)) {
    const query = db.select().from(vouchers).where(eq(vouchers.code, code));
    const [voucher] = options.lock ? await query.for("update") : await query;
    if (voucher) return { kind: "voucher", voucher };
  } else {
    const query = db.select().from(coupons).where(eq(coupons.code, code));
    const [coupon] = options.lock ? await query.for("update") : await query;
    if (coupon) return { kind: "coupon", coupon };
  }
  throw new DomainError("invalid", VOUCHER_MESSAGES.unknown, "code");
}

/** Refuses `found` when `userId` may not apply it now: not theirs, expired, already used, over a limit. */
export async function assertUsable(db: Database, found: FoundCode, userId: string, now: Date): Promise<void> {
  if (found.kind === "voucher") {
    const [current] = await db
      .select({ state: voucherRedemptions.state })
      .from(voucherRedemptions)
      .where(
        and(
          eq(voucherRedemptions.voucherId, found.voucher.id),
          inArray(voucherRedemptions.state, [...COUNTING_REDEMPTION_STATES]),
        ),
      );
    checkVoucherUsable(found.voucher, userId, current?.state ?? null, now);
    return;
  }
  const counting = and(
    eq(voucherRedemptions.couponId, found.coupon.id),
    inArray(voucherRedemptions.state, [...COUNTING_REDEMPTION_STATES]),
  );
  const [total] = await db.select({ n: count() }).from(voucherRedemptions).where(counting);
  const [byCaller] = await db
    .select({ n: count() })
    .from(voucherRedemptions)
    .where(and(counting, eq(voucherRedemptions.userId, userId)));
  checkCouponUsable(found.coupon, { total: total?.n ?? 0, byCaller: byCaller?.n ?? 0 }, now);
}

/** What `found` takes off a booking priced `price`: its value, at most the due. */
export function amountOffFor(found: FoundCode, price: BookingPrice): Centavos {
  const value =
    found.kind === "voucher" ? found.voucher.amount : couponValue(found.coupon, price.firstMonthPrice);
  return amountOff(value, dueBeforeCode(price));
}

/** The code as it is shown: its own spelling. */
export function codeOf(found: FoundCode): string {
  return found.kind === "voucher" ? found.voucher.code : found.coupon.code;
}

/**
 * Holds `found` for the booking just created (in its transaction, the code's row locked by {@link findCode}). The
 * partial unique indexes refuse a second hold even if the lock was skipped.
 */
export async function holdCode(
  tx: Database,
  found: FoundCode,
  booking: Pick<BookingRow, "id" | "renterId">,
  amount: Centavos,
): Promise<void> {
  await tx.insert(voucherRedemptions).values({
    bookingId: booking.id,
    userId: booking.renterId,
    couponId: found.kind === "coupon" ? found.coupon.id : null,
    voucherId: found.kind === "voucher" ? found.voucher.id : null,
    amount,
    state: "held",
  });
}

/** States a booking ends in whose code goes back to its holder (nothing paid, or everything refunded). */
const RELEASING_STATES: readonly BookingState[] = ["declined", "expired", "cancelled"];

/**
 * Moves the booking's code as the booking moves (called by the booking service with every transition): used when
 * the request reaches the host (its payment confirmed, or nothing to pay), released when the booking is declined,
 * expires or is cancelled. A referred renter's booking earns the referral vouchers once it has been active for 30
 * days (a durable job, enqueued when it starts) or completes, whichever comes first: never at approval, since an
 * approved booking can still be cancelled and refunded.
 */
export async function followBooking(
  tx: Database,
  row: BookingRow,
  from: BookingState | null,
  to: BookingState,
  at: Date,
): Promise<void> {
  if (from === to) return;
  if (to === "requested") await setRedemption(tx, row.id, ["held"], "used", at);
  else if (RELEASING_STATES.includes(to)) await setRedemption(tx, row.id, ["held", "used"], "released", at);
  else if (to === "active" && (await referrerOf(tx, row))) {
    await send(
      referralVouchersQueue,
      { bookingId: row.id },
      {
        startAfter: referralVouchersDueAt(row.startDate),
        singletonKey: `referral:${row.id}`,
        transaction: tx,
      },
    );
  } else if (to === "completed") await giveReferralVouchers(tx, row, at);
}

export type ReferralVouchersJob = { bookingId: string };

/**
 * A referred renter's booking 30 days after its start: the vouchers are given if it is still running (or has
 * completed meanwhile, when they were given already and nothing more is). The booking's row is locked, so the
 * transition that ends it and this job are taken one after the other.
 */
export const referralVouchersQueue = defineQueue<ReferralVouchersJob>(
  "referral-vouchers",
  async ({ bookingId }) => {
    const { db } = await getDatabase();
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
      const now = new Date();
      if (row && earnsReferralVouchers(row, now)) await giveReferralVouchers(tx, row, now);
    });
  },
);

/** The friend whose referral code the booking's renter signed up with, if any. */
async function referrerOf(tx: Database, row: Pick<BookingRow, "renterId">): Promise<string | null> {
  const [renter] = await tx
    .select({ referredBy: users.referredBy })
    .from(users)
    .where(eq(users.id, row.renterId));
  if (!renter?.referredBy) return null;
  const [referrer] = await tx.select({ id: users.id }).from(users).where(eq(users.id, renter.referredBy));
  return referrer?.id ?? null;
}

async function setRedemption(
  tx: Database,
  bookingId: string,
  from: RedemptionState[],
  to: RedemptionState,
  at: Date,
): Promise<void> {
  await tx
    .update(voucherRedemptions)
    .set({ state: to, updatedAt: at })
    .where(and(eq(voucherRedemptions.bookingId, bookingId), inArray(voucherRedemptions.state, from)));
}

/** A referral voucher's value: REFERRAL_VOUCHER_CENTAVOS, else ₱250.00. */
export function referralVoucherAmount(): Centavos {
  return getEnv().REFERRAL_VOUCHER_CENTAVOS;
}

/** Letters and digits that cannot be mistaken for each other. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

function newVoucherCode(): string {
  let tail = "";
  for (let i = 0; i < 8; i++) tail += ALPHABET[randomInt(ALPHABET.length)];
  return `${VOUCHER_CODE_PREFIX}${tail}`;
}

/**
 * A referred renter's booking has run 30 days or completed: the renter and the friend whose code they signed up
 * with each get a voucher — once per referred renter, whichever of their bookings gets there first. The unique
 * referral key makes two bookings getting there at once give one voucher each.
 */
async function giveReferralVouchers(tx: Database, row: BookingRow, at: Date): Promise<void> {
  const referrerId = await referrerOf(tx, row);
  if (!referrerId) return;
  const renter = { id: row.renterId };
  const referrer = { id: referrerId };
  const amount = referralVoucherAmount();
  const expiresOn = referralVoucherExpiry(at);
  const given = await tx
    .insert(vouchers)
    .values([
      {
        code: newVoucherCode(),
        holderId: renter.id,
        amount,
        expiresOn,
        referralKey: `${renter.id}:friend`,
        bookingId: row.id,
        createdAt: at,
      },
      {
        code: newVoucherCode(),
        holderId: referrer.id,
        amount,
        expiresOn,
        referralKey: `${renter.id}:referrer`,
        bookingId: row.id,
        createdAt: at,
      },
    ])
    .onConflictDoNothing({ target: vouchers.referralKey })
    .returning({ id: vouchers.id });
  // Told to each holder once the approval is committed, by a job: never a mail about a voucher that rolled back.
  for (const { id } of given) await send(voucherNewsQueue, { voucherId: id }, { transaction: tx });
}

export type VoucherNewsJob = { voucherId: string };

/** Tells a referral voucher's holder they have it, with its code, value and last day. */
export const voucherNewsQueue = defineQueue<VoucherNewsJob>("voucher-news", async ({ voucherId }) => {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ voucher: vouchers, holder: users })
    .from(vouchers)
    .innerJoin(users, eq(users.id, vouchers.holderId))
    .where(eq(vouchers.id, voucherId));
  if (!row) return;
  const { voucher, holder } = row;
  const walletPath = "/user-profile/invite-a-friend";
  await notify({
    userId: holder.id,
    kind: "voucherGiven",
    data: {
      name: holder.nickName?.trim() || holder.firstName,
      side: voucher.referralKey.endsWith(":referrer") ? "referrer" : "friend",
      code: voucher.code,
      amount: formatPeso(voucher.amount),
      expiresOn: formatCalendarDate(voucher.expiresOn),
      walletPath,
      walletLink: new URL(walletPath, siteOrigin()).href,
    },
  });
});

/** One of the user's referral vouchers, as their invite-a-friend page lists it. */
export type WalletVoucher = {
  code: string;
  amount: Centavos;
  expiresOn: string;
  status: "available" | "held" | "used" | "expired";
};

/** One coupon the user saved, as their invite-a-friend page lists it. */
export type WalletCoupon = {
  code: string;
  description: string;
  validUntil: string;
  status: "available" | "used" | "expired";
};

/** The user's vouchers (newest first) and saved coupons, each with where it stands today. */
export async function walletOf(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ vouchers: WalletVoucher[]; coupons: WalletCoupon[] }> {
  const owned = await db
    .select()
    .from(vouchers)
    .where(eq(vouchers.holderId, userId))
    .orderBy(desc(vouchers.createdAt));
  const redemptions = await db
    .select({
      voucherId: voucherRedemptions.voucherId,
      couponId: voucherRedemptions.couponId,
      state: voucherRedemptions.state,
    })
    .from(voucherRedemptions)
    .where(
      and(
        eq(voucherRedemptions.userId, userId),
        inArray(voucherRedemptions.state, [...COUNTING_REDEMPTION_STATES]),
      ),
    );
  const saved = await db
    .select({ coupon: coupons })
    .from(userCoupons)
    .innerJoin(coupons, eq(coupons.id, userCoupons.couponId))
    .where(eq(userCoupons.userId, userId))
    .orderBy(desc(userCoupons.addedAt));
  const today = todayInManila(now);
  return {
    vouchers: owned.map((voucher) => ({
      code: voucher.code,
      amount: voucher.amount,
      expiresOn: voucher.expiresOn,
      status: voucherStatus(
        voucher,
        redemptions.find((redemption) => redemption.voucherId === voucher.id)?.state ?? null,
        now,
      ),
    })),
    coupons: saved.map(({ coupon }) => ({
      code: coupon.code,
      description: describeCoupon(coupon),
      validUntil: coupon.validUntil,
      status: redemptions.some((redemption) => redemption.couponId === coupon.id)
        ? "used"
        : today > coupon.validUntil
          ? "expired"
          : "available",
    })),
  };
}
