import { and, asc, eq, inArray, notExists, sql, sum } from "drizzle-orm";
import { sendDepositNews } from "~/core/deposit-news.server";
import { refundQueue } from "~/core/refunds.server";
import type { Database } from "~/db/client.server";
import {
  type BookingDepositRow,
  type BookingRow,
  bills,
  bookingDeposits,
  bookings,
  HOLDING_RESOLUTION_STATES,
  hostEarnings,
  type ResolutionRow,
  resolutionRefunds,
  resolutions,
} from "~/db/schema";
import { BILLABLE_STATES } from "~/domain/booking";
import { splitDeposit } from "~/domain/deposits";
import { earningPeriods } from "~/domain/payouts";
import { send } from "~/infra/jobs.server";
import { ACCOUNTS, enterLedger } from "./ledger.server";

/**
 * Deposits in the ledger (docs/product.md, Deposits and condition reports; ADR 0032). A renter's deposit moves from the
 * booking's funds into `deposits_held` when the payment is confirmed and stays there until it is settled, exactly once:
 * to the host (the awarded part, an earning the weekly payout pays), back to the renter (through the refunds path), or
 * back to the booking's funds when the booking is cancelled (its cancellation refund returns it). The
 * `booking_deposits` row is the key: settling is a conditional update of a held row, so a second call, a rerun or
 * another instance does nothing.
 */

/** Called by the booking service when a payment of the due is accepted: the deposit moves into deposits_held. */
export async function holdDeposit(tx: Database, booking: BookingRow, at: Date): Promise<void> {
  if (booking.deposits <= 0) return;
  const [held] = await tx
    .insert(bookingDeposits)
    .values({ bookingId: booking.id, amount: booking.deposits, heldAt: at })
    .onConflictDoNothing({ target: bookingDeposits.bookingId })
    .returning();
  if (!held) return;
  await enterLedger(tx, {
    kind: "deposit_held",
    debit: ACCOUNTS.bookingFunds,
    credit: ACCOUNTS.depositsHeld,
    amount: held.amount,
    bookingId: booking.id,
  });
}

/**
 * Called by the booking service before a cancellation's refund (declined, expired, cancelled): a held deposit goes
 * back into the booking's funds, which the machine's refund then returns with everything else it refunds. The
 * deposit counts as settled, all of it to the renter.
 */
export async function returnDepositWithRefund(tx: Database, bookingId: string, at: Date): Promise<void> {
  const [returned] = await tx
    .update(bookingDeposits)
    .set({
      state: "returned",
      refundedToRenter: sql`${bookingDeposits.amount}`,
      reason: "Returned with the booking's refund.",
      settledAt: at,
    })
    .where(and(eq(bookingDeposits.bookingId, bookingId), eq(bookingDeposits.state, "held")))
    .returning();
  if (!returned) return;
  await enterLedger(tx, {
    kind: "deposit_returned",
    debit: ACCOUNTS.depositsHeld,
    credit: ACCOUNTS.bookingFunds,
    amount: returned.amount,
    bookingId,
  });
}

export type DepositSettlement =
  | { outcome: "settled"; deposit: BookingDepositRow; uncollected: number }
  | { outcome: "already_settled"; deposit: BookingDepositRow }
  | { outcome: "no_deposit" };

export type SettleDepositInput = {
  bookingId: string;
  /** Centavos to the host; capped at the deposit (what is above it is not collected). 0 releases it all. */
  awardToHost: number;
  /** Why, in the product's words: kept on the deposit's row. */
  reason: string;
  /** The decided case that settles it. */
  resolutionId?: string;
  at?: Date;
};

/**
 * Settles a booking's deposit, once: the awarded centavos to the host (deposits held → host payable, and an earnings
 * row the weekly payout pays), the rest back to the renter (deposits held → refunds owed, and the refund job asks the
 * provider, keyed `deposit:<booking>`); the renter and the host are told. Run it in a transaction begun with
 * `bookingTransaction` (the refund and notification jobs are enqueued in it). It locks the booking's row, as every change of the booking's money does.
 */
export async function settleDeposit(tx: Database, input: SettleDepositInput): Promise<DepositSettlement> {
  const at = input.at ?? new Date();
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for("update");
  if (!booking) return { outcome: "no_deposit" };
  const [deposit] = await tx.select().from(bookingDeposits).where(eq(bookingDeposits.bookingId, booking.id));
  if (!deposit) return { outcome: "no_deposit" };
  if (deposit.state !== "held") return { outcome: "already_settled", deposit };
  const split = splitDeposit(deposit.amount, input.awardToHost, booking.paid - booking.refunded);
  const [settled] = await tx
    .update(bookingDeposits)
    .set({
      state: split.toHost > 0 ? "awarded" : "released",
      awardedToHost: split.toHost,
      refundedToRenter: split.toRenter,
      returnedToPlatform: split.toPlatform,
      reason: input.reason,
      resolutionId: input.resolutionId ?? null,
      settledAt: at,
    })
    .where(and(eq(bookingDeposits.bookingId, booking.id), eq(bookingDeposits.state, "held")))
    .returning();
  if (!settled) return { outcome: "already_settled", deposit };
  // Both sides hear how it was split, by a job in this transaction: told once, and only if the settlement commits.
  await sendDepositNews(tx, booking.id);
  if (split.toHost > 0) {
    await tx.insert(hostEarnings).values({
      bookingId: booking.id,
      hostId: booking.hostId,
      kind: "deposit",
      periodStart: booking.endDate,
      periodEnd: booking.endDate,
      rent: split.toHost,
      spaceSolutionFee: 0,
      payableAt: at,
      releasedAt: at,
    });
    await enterLedger(tx, {
      kind: "deposit_awarded",
      debit: ACCOUNTS.depositsHeld,
      credit: ACCOUNTS.hostPayable,
      amount: split.toHost,
      bookingId: booking.id,
      hostId: booking.hostId,
    });
  }
  if (split.toRenter > 0) {
    await enterLedger(tx, {
      kind: "deposit_refund",
      debit: ACCOUNTS.depositsHeld,
      credit: ACCOUNTS.refundsOwed,
      amount: split.toRenter,
      bookingId: booking.id,
    });
    await refundToRenter(tx, booking, split.toRenter, "deposit_released", `deposit:${booking.id}`);
  }
  if (split.toPlatform > 0)
    await enterLedger(tx, {
      kind: "deposit_voucher_returned",
      debit: ACCOUNTS.depositsHeld,
      credit: ACCOUNTS.platformVouchers,
      amount: split.toPlatform,
      bookingId: booking.id,
    });
  return { outcome: "settled", deposit: settled, uncollected: split.uncollected };
}

/** Counts a refund on the booking and hands it to the refund job (after the commit), keyed by `decision`. */
async function refundToRenter(
  tx: Database,
  booking: BookingRow,
  amount: number,
  reason: string,
  decision: string,
): Promise<void> {
  await tx
    .update(bookings)
    .set({ refunded: sql`${bookings.refunded} + ${amount}` })
    .where(eq(bookings.id, booking.id));
  await send(
    refundQueue,
    { bookingId: booking.id, decision, amount, reason, providerPaymentId: null },
    { transaction: tx },
  );
}

export type ResolutionSettlement =
  | { side: "host"; settlement: DepositSettlement }
  | { side: "renter"; refunded: number; uncollected: number; already: boolean };

/**
 * Moves the money of a case an operator decided (`npm run ops -- resolution:decide` calls it in the decision's
 * transaction, begun with `bookingTransaction`):
 * - a host's claim settles the deposit with the award (capped at the deposit: what is above it is not collected,
 *   ADR 0032), the rest back to the renter;
 * - a renter's case refunds the award from the booking's rent not yet payable to the host (at most that much), and
 *   the daily release pays the host that much less. Once per case: its `resolution_refunds` row is the key.
 */
export async function settleDecidedResolution(
  tx: Database,
  resolution: Pick<ResolutionRow, "id" | "bookingId" | "openedBy" | "state" | "award">,
  at = new Date(),
): Promise<ResolutionSettlement> {
  if (resolution.state !== "decided" || resolution.award === null)
    throw new Error(`case ${resolution.id} is not decided`);
  const [booking] = await tx
    .select()
    .from(bookings)
    .where(eq(bookings.id, resolution.bookingId))
    .for("update");
  if (!booking) throw new Error(`case ${resolution.id} names no booking`);
  if (resolution.openedBy === booking.hostId) {
    const settlement = await settleDeposit(tx, {
      bookingId: booking.id,
      awardToHost: resolution.award,
      reason: "An operator decided the host's claim.",
      resolutionId: resolution.id,
      at,
    });
    return { side: "host", settlement };
  }
  const [done] = await tx
    .select()
    .from(resolutionRefunds)
    .where(eq(resolutionRefunds.resolutionId, resolution.id));
  if (done)
    return {
      side: "renter",
      refunded: done.refunded,
      uncollected: done.awarded - done.refunded,
      already: true,
    };
  const refundable = Math.min(
    resolution.award,
    await rentNotYetPayable(tx, booking),
    booking.paid - booking.refunded,
  );
  await tx.insert(resolutionRefunds).values({
    resolutionId: resolution.id,
    bookingId: booking.id,
    awarded: resolution.award,
    refunded: refundable,
    createdAt: at,
  });
  if (refundable > 0) {
    await enterLedger(tx, {
      kind: "resolution_refund",
      debit: ACCOUNTS.bookingFunds,
      credit: ACCOUNTS.refundsOwed,
      amount: refundable,
      bookingId: booking.id,
    });
    await refundToRenter(tx, booking, refundable, "resolution_award", `resolution:${resolution.id}`);
  }
  return { side: "renter", refunded: refundable, uncollected: resolution.award - refundable, already: false };
}

/**
 * The rent the renter paid for the booking that the host has not been given yet (periods not released), less what
 * decided cases already took from it. Only a running or completed booking has any: the others never pay rent out.
 */
export async function rentNotYetPayable(tx: Database, booking: BookingRow): Promise<number> {
  if (!(BILLABLE_STATES as readonly string[]).includes(booking.state)) return 0;
  const paidBills = await tx
    .select()
    .from(bills)
    .where(and(eq(bills.bookingId, booking.id), eq(bills.state, "paid")))
    .orderBy(asc(bills.periodStart));
  const released = await tx
    .select({ periodStart: hostEarnings.periodStart })
    .from(hostEarnings)
    .where(and(eq(hostEarnings.bookingId, booking.id), eq(hostEarnings.kind, "rent")));
  const done = new Set(released.map((row) => row.periodStart));
  const unreleased = earningPeriods(booking, paidBills)
    .filter((period) => !done.has(period.periodStart))
    .reduce((total, period) => total + period.rent, 0);
  return Math.max(0, unreleased - (await deductionOutstanding(tx, booking.id)));
}

/** What decided renter's cases refunded from a booking's rent that its released periods have not yet held back. */
export async function deductionOutstanding(tx: Database, bookingId: string): Promise<number> {
  const [refunded] = await tx
    .select({ total: sum(resolutionRefunds.refunded) })
    .from(resolutionRefunds)
    .where(eq(resolutionRefunds.bookingId, bookingId));
  const [deducted] = await tx
    .select({ total: sum(hostEarnings.resolutionDeducted) })
    .from(hostEarnings)
    .where(eq(hostEarnings.bookingId, bookingId));
  return Number(refunded?.total ?? 0) - Number(deducted?.total ?? 0);
}

/** Whether a case on the booking still holds its money (open or answered). */
export async function hasHoldingCase(tx: Database, bookingId: string): Promise<boolean> {
  const [open] = await tx
    .select({ id: resolutions.id })
    .from(resolutions)
    .where(
      and(eq(resolutions.bookingId, bookingId), inArray(resolutions.state, [...HOLDING_RESOLUTION_STATES])),
    )
    .limit(1);
  return Boolean(open);
}

/** The SQL condition "no case on this booking holds its money", for the release queries. */
export function noHoldingCase(db: Database) {
  return notExists(
    db
      .select({ one: sql`1` })
      .from(resolutions)
      .where(
        and(
          eq(resolutions.bookingId, bookings.id),
          inArray(resolutions.state, [...HOLDING_RESOLUTION_STATES]),
        ),
      ),
  );
}
