import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod/v4";
import { ACCOUNTS } from "~/core/ledger.server";
import { sentToLabel } from "~/core/payout-runs.server";
import type { Database } from "~/db/client.server";
import {
  bills,
  bookings,
  hostEarnings,
  ledgerEntries,
  type PayoutBatchRow,
  type PayoutMethodRow,
  type PayoutRow,
  payoutBatches,
  payoutMethods,
  payouts,
  spaces,
} from "~/db/schema";
import { PayoutMethodSchema } from "~/domain/payout-rules.server";
import {
  earningPeriods,
  maskAccountNumber,
  PAYOUT_METHOD_LABELS,
  type PayoutMethodType,
} from "~/domain/payouts";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { viewAccountSettings } from "../user/profile.server";

/**
 * A host's payouts (docs/product.md, Payouts; ADR 0029): the payout method (one of bank, GCash or Paymaya,
 * shown again masked), and the earnings — what was earned, what is payable, what was paid out, and each payout with
 * its reference and date. The product rules leave these calls unnamed ("payout edits: not shown"); these paths are
 * ours.
 */

export const PAYOUT_NOT_YOURS = "This payout is not yours.";
export const PAYOUT_NOT_FOUND = "This payout was not found.";

/** A payout method as shown again: the number masked to its last four characters. */
export type PayoutMethodView = {
  method: PayoutMethodType;
  methodLabel: string;
  accountName: string;
  accountNumber: string;
  bankName: string | null;
  /** When it was last saved (a screen starts its form again after a save). */
  updatedAt: string;
};

export function toMethodView(row: PayoutMethodRow): PayoutMethodView {
  return {
    method: row.method,
    methodLabel: PAYOUT_METHOD_LABELS[row.method],
    accountName: row.accountName,
    accountNumber: maskAccountNumber(row.accountNumber),
    bankName: row.bankName,
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function methodOf(db: Database, userId: string): Promise<PayoutMethodRow | null> {
  const [row] = await db.select().from(payoutMethods).where(eq(payoutMethods.userId, userId));
  return row ?? null;
}

export const payoutSettings = defineEndpoint({
  method: "GET",
  path: "/payment/payoutSettings",
  auth: "required",
  cache: true,
  summary:
    "The caller's payout method — bank (account name, number, bank name), GCash or Paymaya (name, number) — with the number masked to its last four characters; null when none is set.",
  tags: ["payment"],
  async handler({ db, user }): Promise<{ payoutMethod: PayoutMethodView | null }> {
    const row = await methodOf(db, user.id);
    return { payoutMethod: row && toMethodView(row) };
  },
});

export const editPayoutSettings = defineEndpoint({
  method: "POST",
  path: "/payment/payoutSettings",
  auth: "required",
  invalidates: [payoutSettings, viewAccountSettings],
  summary:
    "Sets the caller's one payout method: `method` bank (accountName, accountNumber of 10 to 16 characters, bankName), gcash or paymaya (accountName, accountNumber of exactly 11 characters). Replaces the method before; payouts already made keep the method they were made with.",
  tags: ["payment"],
  message: "Your payout method has been saved.",
  body: PayoutMethodSchema,
  async handler({ db, user, body }): Promise<{ payoutMethod: PayoutMethodView }> {
    const values = {
      method: body.method,
      accountName: body.accountName,
      accountNumber: body.accountNumber,
      bankName: body.bankName ?? null,
      updatedAt: new Date(),
    };
    const [row] = await db
      .insert(payoutMethods)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: payoutMethods.userId, set: values })
      .returning();
    if (!row) throw new ApiError(500, "The payout method was not saved.");
    return { payoutMethod: toMethodView(row) };
  },
});

export type PayoutSummary = {
  payoutId: string;
  amount: number;
  /** In a batch the operators have not paid yet, or paid. */
  state: "processing" | "paid";
  /** The Monday (Manila date) of its batch. */
  weekOf: string;
  reference: string | null;
  paidAt: string | null;
  /** Where it went: "GCash •••• 4567". */
  sentTo: string;
};

export type EarningLine = {
  bookingId: string;
  spaceTitle: string;
  periodStart: string;
  periodEnd: string;
  rent: number;
  payableAt: string;
  /** Waiting for the next weekly payout, in a payout being paid, or paid out. */
  state: "payable" | "processing" | "paid";
  payoutId: string | null;
};

export type Earnings = {
  /** Every period's rent released to the caller as host. */
  earned: number;
  /** Earned and not yet paid out (in the next payout, or waiting for a payout method). */
  payable: number;
  paidOut: number;
  /** Rent of months already paid by renters that is not payable yet (48 hours after each month starts). */
  upcoming: number;
  payoutMethod: PayoutMethodView | null;
  payouts: PayoutSummary[];
  /** The most recent periods earned, newest first. */
  periods: EarningLine[];
};

function toPayoutSummary(payout: PayoutRow, batch: PayoutBatchRow): PayoutSummary {
  return {
    payoutId: payout.id,
    amount: payout.amount,
    state: batch.state === "paid" ? "paid" : "processing",
    weekOf: batch.weekOf,
    reference: batch.reference,
    paidAt: batch.paidAt?.toISOString() ?? null,
    sentTo: sentToLabel(payout),
  };
}

function earningLines(
  rows: { earning: typeof hostEarnings.$inferSelect; spaceTitle: string | null }[],
  batchStates: Map<string, PayoutBatchRow["state"]>,
): EarningLine[] {
  return rows.map(({ earning, spaceTitle }) => {
    const batched = earning.payoutId ? batchStates.get(earning.payoutId) : undefined;
    return {
      bookingId: earning.bookingId,
      spaceTitle: spaceTitle ?? "Your space",
      periodStart: earning.periodStart,
      periodEnd: earning.periodEnd,
      rent: earning.rent,
      payableAt: earning.payableAt.toISOString(),
      state: batched === "paid" ? "paid" : batched ? "processing" : "payable",
      payoutId: earning.payoutId,
    };
  });
}

export const myEarnings = defineEndpoint({
  method: "GET",
  path: "/payment/myEarnings",
  auth: "required",
  summary:
    "The caller's earnings as host: rent earned (each paid period's, 48 hours after it starts), payable (not yet paid out), paid out, the payout method (masked), the payouts with their reference and date, and the latest periods earned.",
  tags: ["payment"],
  async handler({ db, user }): Promise<Earnings> {
    // Balances are sums of the ledger's rows for this host, never a stored total.
    const [sums] = await db
      .select({
        earned: sql<string>`coalesce(-sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} < 0), 0)`,
        paidOut: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.amount} > 0), 0)`,
      })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.hostId, user.id), eq(ledgerEntries.account, ACCOUNTS.hostPayable)));
    const earned = Number(sums?.earned ?? 0);
    const paidOut = Number(sums?.paidOut ?? 0);
    const payoutRows = await db
      .select({ payout: payouts, batch: payoutBatches })
      .from(payouts)
      .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
      .where(eq(payouts.hostId, user.id))
      .orderBy(desc(payoutBatches.weekOf))
      .limit(100);
    const periodRows = await db
      .select({ earning: hostEarnings, spaceTitle: spaces.spaceTitle })
      .from(hostEarnings)
      .innerJoin(bookings, eq(bookings.id, hostEarnings.bookingId))
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .where(eq(hostEarnings.hostId, user.id))
      .orderBy(desc(hostEarnings.periodStart), desc(hostEarnings.id))
      .limit(100);
    const states = new Map(payoutRows.map(({ payout, batch }) => [payout.id, batch.state]));
    const method = await methodOf(db, user.id);
    return {
      earned,
      payable: earned - paidOut,
      paidOut,
      upcoming: await upcomingRent(db, user.id),
      payoutMethod: method && toMethodView(method),
      payouts: payoutRows.map(({ payout, batch }) => toPayoutSummary(payout, batch)),
      periods: earningLines(periodRows, states),
    };
  },
});

/**
 * The rent of the host's running bookings that renters have paid and that is not released yet: the same periods the
 * daily release will take once each is 48 hours old.
 */
async function upcomingRent(db: Database, hostId: string): Promise<number> {
  const running = await db
    .select()
    .from(bookings)
    .where(and(eq(bookings.hostId, hostId), inArray(bookings.state, ["approved", "active"])));
  if (running.length === 0) return 0;
  const ids = running.map((booking) => booking.id);
  const paidBills = await db
    .select()
    .from(bills)
    .where(and(inArray(bills.bookingId, ids), eq(bills.state, "paid")));
  const released = await db
    .select({ bookingId: hostEarnings.bookingId, periodStart: hostEarnings.periodStart })
    .from(hostEarnings)
    .where(inArray(hostEarnings.bookingId, ids));
  const done = new Set(released.map((row) => `${row.bookingId}:${row.periodStart}`));
  let upcoming = 0;
  for (const booking of running) {
    const periods = earningPeriods(
      booking,
      paidBills.filter((bill) => bill.bookingId === booking.id),
    );
    for (const period of periods)
      if (!done.has(`${booking.id}:${period.periodStart}`)) upcoming += period.rent;
  }
  return upcoming;
}

const payoutIdParam = z.uuid({ error: PAYOUT_NOT_FOUND });

export const payoutDetails = defineEndpoint({
  method: "GET",
  path: "/payment/payout/{payoutId}",
  auth: "required",
  answers: [403, 404],
  summary:
    "One of the caller's payouts: its amount, state, reference and date, where it went (masked) and the periods it paid. Anyone else's payout is refused with 403.",
  tags: ["payment"],
  params: z.strictObject({ payoutId: payoutIdParam }),
  async handler({ db, user, params }): Promise<PayoutSummary & { periods: EarningLine[] }> {
    const [found] = await db
      .select({ payout: payouts, batch: payoutBatches })
      .from(payouts)
      .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
      .where(eq(payouts.id, params.payoutId));
    if (!found) throw new ApiError(404, PAYOUT_NOT_FOUND);
    if (found.payout.hostId !== user.id) throw new ApiError(403, PAYOUT_NOT_YOURS);
    const periodRows = await db
      .select({ earning: hostEarnings, spaceTitle: spaces.spaceTitle })
      .from(hostEarnings)
      .innerJoin(bookings, eq(bookings.id, hostEarnings.bookingId))
      .innerJoin(spaces, eq(spaces.id, bookings.spaceId))
      .where(inArray(hostEarnings.payoutId, [found.payout.id]))
      .orderBy(hostEarnings.periodStart);
    return {
      ...toPayoutSummary(found.payout, found.batch),
      periods: earningLines(periodRows, new Map([[found.payout.id, found.batch.state]])),
    };
  },
});

export const endpoints: Endpoint[] = [payoutSettings, editPayoutSettings, myEarnings, payoutDetails];
