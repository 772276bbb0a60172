import { stringify } from "csv-stringify/sync";
import { and, asc, eq, exists, inArray, isNull, lte, notExists, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type Actor, COMMAND_LINE, writeAudit } from "~/core/audit.server";
import { deductionOutstanding, hasHoldingCase, noHoldingCase } from "~/core/deposits.server";
import { ACCOUNTS, enterLedger } from "~/core/ledger.server";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import {
  bills,
  bookings,
  hostEarnings,
  type PayoutBatchRow,
  payoutBatches,
  payoutMethods,
  payouts,
  users,
} from "~/db/schema";
import { BILLABLE_STATES } from "~/domain/booking";
import { todayInManila } from "~/domain/dates";
import { displayName } from "~/domain/display-name";
import { DomainError } from "~/domain/errors";
import { formatPeso } from "~/domain/money";
import {
  batchWeekOf,
  earningPeriods,
  maskAccountNumber,
  PAYABLE_AFTER_HOURS,
  PAYOUT_METHOD_LABELS,
  payableAt,
  payablePeriods,
} from "~/domain/payouts";
import { siteOrigin } from "~/env.server";
import { defineQueue } from "~/infra/jobs.server";
import { log } from "~/infra/log.server";
import type { PayoutHeadline } from "~/infra/notifications/payout-update";
import { notify } from "~/infra/notify.server";
import { bookingTransaction } from "./booking-service.server";

/**
 * Host payouts (docs/product.md, Payouts; ADR 0029), the jobs and the operators' side:
 * - the daily release: each paid period's rent becomes the host's 48 hours after the period starts, its Space
 *   Solution fee the platform's (ledger: booking funds → host payable, booking funds → platform fees); deposits stay
 *   held. One earnings row per booking and period start, written in a transaction that locks the booking: a rerun, a
 *   crash or two instances never release a period twice.
 * - the weekly batch (Monday 09:00 Manila): one payout per host with a method, of everything released and not yet
 *   batched; one batch row per week, so a second run that week makes nothing. Hosts without a method keep
 *   accumulating and are reminded.
 * - the operators' export (CSV) and marking a batch paid with the transfer's reference (ledger: host payable →
 *   provider), once: only an open batch is marked.
 */

const HOUR_MS = 3_600_000;

export type EarningsRun = {
  bookings: number;
  released: number;
  /** Bookings whose release failed (logged): they are tried again at the next run, the others go on. */
  failed: number;
};

/** Releases every period whose rent is payable as of `now` (the job passes the real clock; tests move it). */
export async function releaseEarnings(db: Database, now = new Date()): Promise<EarningsRun> {
  // A period is payable once its first day is at least 48 hours old: it started on or before this Manila date.
  const startedBy = todayInManila(new Date(now.getTime() - PAYABLE_AFTER_HOURS * HOUR_MS));
  const releasedRow = (periodStart: AnyPgColumn) =>
    db
      .select({ one: sql`1` })
      .from(hostEarnings)
      .where(
        and(
          eq(hostEarnings.bookingId, bookings.id),
          eq(hostEarnings.kind, "rent"),
          eq(hostEarnings.periodStart, periodStart),
        ),
      );
  const unreleasedBill = exists(
    db
      .select({ one: sql`1` })
      .from(bills)
      .where(
        and(
          eq(bills.bookingId, bookings.id),
          eq(bills.state, "paid"),
          lte(bills.periodStart, startedBy),
          lte(bills.periodStart, bookings.endDate),
          notExists(releasedRow(bills.periodStart)),
        ),
      ),
  );
  const due = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        inArray(bookings.state, [...BILLABLE_STATES]),
        // A case open on the booking holds its rent not yet payable until an operator decides it.
        noHoldingCase(db),
        or(
          and(lte(bookings.startDate, startedBy), notExists(releasedRow(bookings.startDate))),
          unreleasedBill,
        ),
      ),
    );
  const run: EarningsRun = { bookings: 0, released: 0, failed: 0 };
  for (const { id } of due) {
    run.bookings += 1;
    try {
      run.released += await bookingTransaction(db, (tx) => releaseBooking(tx, id, now));
    } catch (error) {
      // One booking that cannot be released (its transaction rolled back whole) never holds back the others' hosts.
      run.failed += 1;
      log.error(
        { err: error },
        `[payouts] booking ${id}: its earnings could not be released; tried again next run`,
      );
    }
  }
  return run;
}

/** Releases one booking's payable periods, its row locked (the billing run and a bill's payment lock it too). */
async function releaseBooking(tx: Database, bookingId: string, now: Date): Promise<number> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  // Declined, expired or cancelled bookings never started: their money was refunded or stays held.
  if (!booking || !(BILLABLE_STATES as readonly string[]).includes(booking.state)) return 0;
  if (await hasHoldingCase(tx, bookingId)) return 0;
  // What decided renter's cases gave back of this rent: the host is paid that much less of the next periods.
  let deduction = await deductionOutstanding(tx, bookingId);
  const paidBills = await tx
    .select()
    .from(bills)
    .where(and(eq(bills.bookingId, bookingId), eq(bills.state, "paid")))
    .orderBy(asc(bills.periodStart));
  const periods = payablePeriods(earningPeriods(booking, paidBills), now);
  let released = 0;
  for (const period of periods) {
    const deducted = Math.min(deduction, period.rent);
    const [row] = await tx
      .insert(hostEarnings)
      .values({
        bookingId,
        hostId: booking.hostId,
        kind: "rent",
        periodStart: period.periodStart,
        periodEnd: period.periodEnd,
        rent: period.rent - deducted,
        resolutionDeducted: deducted,
        spaceSolutionFee: period.spaceSolutionFee,
        voucherFunded: period.voucherFunded,
        payableAt: payableAt(period.periodStart),
        releasedAt: now,
      })
      .onConflictDoNothing({ target: [hostEarnings.bookingId, hostEarnings.kind, hostEarnings.periodStart] })
      .returning();
    if (!row) continue;
    deduction -= deducted;
    released += 1;
    const link = { bookingId, hostId: booking.hostId };
    if (row.voucherFunded > 0)
      await enterLedger(tx, {
        kind: "voucher_funded",
        debit: ACCOUNTS.platformVouchers,
        credit: ACCOUNTS.bookingFunds,
        amount: row.voucherFunded,
        bookingId,
      });
    if (row.rent > 0)
      await enterLedger(tx, {
        kind: "earning_released",
        debit: ACCOUNTS.bookingFunds,
        credit: ACCOUNTS.hostPayable,
        amount: row.rent,
        ...link,
      });
    if (row.spaceSolutionFee > 0)
      await enterLedger(tx, {
        kind: "fee_earned",
        debit: ACCOUNTS.bookingFunds,
        credit: ACCOUNTS.platformFees,
        amount: row.spaceSolutionFee,
        bookingId,
      });
  }
  return released;
}

export type BatchRun = {
  earnings: EarningsRun;
  /** The week's batch, when this run made it; null when the week already had one. */
  batchId: string | null;
  payouts: number;
  amount: number;
  /** Hosts with earnings waiting and no payout method, reminded. */
  reminded: number;
  /** Hosts whose payout could not be made (logged): their earnings wait for the next week's batch. */
  failed: string[];
};

/**
 * The weekly run as of `now`: releases what is payable, then makes the week's batch (the latest Monday 09:00 Manila),
 * once. In one transaction: a crash leaves no half batch, and a second run (a rerun, another instance, the run at
 * boot) finds the week's row and makes nothing.
 */
export async function runPayoutBatch(db: Database, now = new Date()): Promise<BatchRun> {
  const earnings = await releaseEarnings(db, now);
  const weekOf = batchWeekOf(now);
  const made = await db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(payoutBatches)
      .values({ weekOf, createdAt: now })
      .onConflictDoNothing({ target: payoutBatches.weekOf })
      .returning();
    if (!batch) return null;
    const waiting = await tx
      .select({ id: hostEarnings.id, hostId: hostEarnings.hostId, rent: hostEarnings.rent })
      .from(hostEarnings)
      .where(isNull(hostEarnings.payoutId))
      .orderBy(asc(hostEarnings.hostId))
      .for("update");
    const byHost = new Map<string, { ids: string[]; amount: number }>();
    for (const row of waiting) {
      const host = byHost.get(row.hostId) ?? { ids: [], amount: 0 };
      host.ids.push(row.id);
      host.amount += row.rent;
      byHost.set(row.hostId, host);
    }
    const hostIds = [...byHost.keys()];
    const methods = hostIds.length
      ? await tx.select().from(payoutMethods).where(inArray(payoutMethods.userId, hostIds))
      : [];
    const result = {
      batch,
      payouts: 0,
      amount: 0,
      unpaid: [] as { hostId: string; amount: number }[],
      failed: [] as string[],
    };
    for (const [hostId, host] of byHost) {
      if (host.amount === 0) continue;
      const method = methods.find((row) => row.userId === hostId);
      if (!method) {
        result.unpaid.push({ hostId, amount: host.amount });
        continue;
      }
      try {
        // Each host's payout in a savepoint of its own: one that fails rolls back alone, and every other host is
        // still paid this week; its earnings stay unbatched for the next week's batch.
        await tx.transaction(async (sp) => {
          const [payout] = await sp
            .insert(payouts)
            .values({
              batchId: batch.id,
              hostId,
              amount: host.amount,
              method: method.method,
              accountName: method.accountName,
              accountNumber: method.accountNumber,
              bankName: method.bankName,
              createdAt: now,
            })
            .returning();
          if (!payout) throw new Error("the payout was not stored");
          await sp
            .update(hostEarnings)
            .set({ payoutId: payout.id })
            .where(and(inArray(hostEarnings.id, host.ids), isNull(hostEarnings.payoutId)));
        });
      } catch (error) {
        result.failed.push(hostId);
        log.error(
          { err: error },
          `[payouts] host ${hostId}: the payout could not be made; tried again next week`,
        );
        continue;
      }
      result.payouts += 1;
      result.amount += host.amount;
    }
    return result;
  });
  if (!made) return { earnings, batchId: null, payouts: 0, amount: 0, reminded: 0, failed: [] };
  // Told once the batch is committed: never a reminder about a run that rolled back.
  for (const host of made.unpaid)
    await tellHost(db, host.hostId, "method_missing", { amount: host.amount, reference: "", sentTo: "" });
  return {
    earnings,
    batchId: made.batch.id,
    payouts: made.payouts,
    amount: made.amount,
    reminded: made.unpaid.length,
    failed: made.failed,
  };
}

async function tellHost(
  db: Database,
  hostId: string,
  headline: PayoutHeadline,
  details: { amount: number; reference: string; sentTo: string },
): Promise<void> {
  const [host] = await db.select().from(users).where(eq(users.id, hostId));
  if (!host) return;
  const path = headline === "paid" ? "/payment/bills?tab=earnings" : "/payment/payout-settings";
  await notify({
    userId: hostId,
    kind: "payoutUpdate",
    data: {
      name: displayName(host),
      headline,
      amount: formatPeso(details.amount),
      reference: details.reference,
      sentTo: details.sentTo,
      path,
      link: new URL(path, siteOrigin()).href,
    },
  });
}

/** "GCash •••• 4567", "BDO •••• 7890": where a payout went, as a host may read it. */
export function sentToLabel(payout: {
  method: keyof typeof PAYOUT_METHOD_LABELS;
  bankName: string | null;
  accountNumber: string;
}) {
  const where = payout.method === "bank" ? (payout.bankName ?? "Bank") : PAYOUT_METHOD_LABELS[payout.method];
  return `${where} ${maskAccountNumber(payout.accountNumber)}`;
}

// ─── The operators' commands (npm run ops) ─────────────────────────────────────────────────────────────────────────

export const BATCH_NOT_FOUND = "No payout batch has that id.";
/** A bank's or e-wallet's transfer reference; short enough for the hosts' text message. */
export const REFERENCE_MAX_LENGTH = 40;
export const NO_OPEN_BATCH = "No payout batch is open.";

/** The batch `batchId`, or the oldest open batch with a payout in it (a week when nobody was payable has none). */
async function findBatch(db: Database, batchId?: string): Promise<PayoutBatchRow> {
  if (batchId) {
    if (!/^[0-9a-f-]{36}$/i.test(batchId)) throw new DomainError("invalid", BATCH_NOT_FOUND);
    const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
    if (!batch) throw new DomainError("invalid", BATCH_NOT_FOUND);
    return batch;
  }
  const [open] = await db
    .select()
    .from(payoutBatches)
    .where(
      and(
        eq(payoutBatches.state, "open"),
        exists(db.select({ one: sql`1` }).from(payouts).where(eq(payouts.batchId, payoutBatches.id))),
      ),
    )
    .orderBy(asc(payoutBatches.weekOf))
    .limit(1);
  if (!open) throw new DomainError("conflict", NO_OPEN_BATCH);
  return open;
}

export const PAYOUT_CSV_COLUMNS = [
  "batch_id",
  "week_of",
  "payout_id",
  "host_id",
  "host_name",
  "host_email",
  "amount_php",
  "method",
  "account_name",
  "account_number",
  "bank_name",
] as const;

/**
 * A cell a spreadsheet would run as a formula (a host typed "=HYPERLINK(…)" as their account name) is written as
 * text: the operators open this file in a spreadsheet.
 */
function cell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The batch (or the oldest open one) as CSV, one line per host's payout with the method it goes to. */
export async function exportBatch(
  db: Database,
  batchId?: string,
): Promise<{ batch: PayoutBatchRow; csv: string }> {
  const batch = await findBatch(db, batchId);
  const rows = await db
    .select({ payout: payouts, host: users })
    .from(payouts)
    .innerJoin(users, eq(users.id, payouts.hostId))
    .where(eq(payouts.batchId, batch.id))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(payouts.id));
  const records = rows.map(({ payout, host }) => [
    batch.id,
    batch.weekOf,
    payout.id,
    host.id,
    cell(`${host.firstName} ${host.lastName}`),
    cell(host.email),
    (payout.amount / 100).toFixed(2),
    payout.method,
    cell(payout.accountName),
    payout.accountNumber,
    cell(payout.bankName ?? ""),
  ]);
  return { batch, csv: stringify(records, { header: true, columns: [...PAYOUT_CSV_COLUMNS] }) };
}

/**
 * Marks the batch paid with the transfer's `reference`: every payout's earnings leave the host's account (host
 * payable → provider), and each host is told. Only an open batch is marked: a second call changes nothing. The
 * console and the command alike leave their audit row in the same transaction (docs/operations.md).
 */
export async function markBatchPaid(
  db: Database,
  batchId: string,
  reference: string,
  now = new Date(),
  by: { actor: Actor; note: string | null } = { actor: COMMAND_LINE, note: null },
): Promise<{ batch: PayoutBatchRow; payouts: number; amount: number }> {
  const ref = reference.trim();
  if (!ref || ref.length > REFERENCE_MAX_LENGTH)
    throw new DomainError(
      "invalid",
      `Give the transfer's reference (at most ${REFERENCE_MAX_LENGTH} characters).`,
    );
  await findBatch(db, batchId);
  const done = await db.transaction(async (tx) => {
    const [batch] = await tx
      .update(payoutBatches)
      .set({ state: "paid", reference: ref, paidAt: now })
      .where(and(eq(payoutBatches.id, batchId), eq(payoutBatches.state, "open")))
      .returning();
    if (!batch) throw new DomainError("conflict", "This payout batch is already marked paid.");
    const paidOut = await tx.select().from(payouts).where(eq(payouts.batchId, batch.id));
    const earnings = paidOut.length
      ? await tx
          .select()
          .from(hostEarnings)
          .where(
            inArray(
              hostEarnings.payoutId,
              paidOut.map((payout) => payout.id),
            ),
          )
      : [];
    for (const earning of earnings) {
      if (earning.rent === 0) continue;
      await enterLedger(tx, {
        kind: "payout_sent",
        debit: ACCOUNTS.hostPayable,
        credit: ACCOUNTS.provider,
        amount: earning.rent,
        bookingId: earning.bookingId,
        hostId: earning.hostId,
        payoutId: earning.payoutId ?? undefined,
      });
    }
    await writeAudit(tx, by.actor, {
      action: "payouts.markPaid",
      recordType: "payout_batch",
      recordId: batch.id,
      before: { state: "open" },
      after: {
        state: batch.state,
        reference: batch.reference,
        payouts: paidOut.length,
        amount: paidOut.reduce((sum, payout) => sum + payout.amount, 0),
      },
      note: by.note,
    });
    return { batch, paidOut };
  });
  for (const payout of done.paidOut)
    await tellHost(db, payout.hostId, "paid", {
      amount: payout.amount,
      reference: ref,
      sentTo: sentToLabel(payout),
    });
  return {
    batch: done.batch,
    payouts: done.paidOut.length,
    amount: done.paidOut.reduce((sum, payout) => sum + payout.amount, 0),
  };
}

// ─── The jobs ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** The daily release (00:10 Manila, and at boot so a restarted app catches up). */
export const earningsQueue = defineQueue<{ at?: string }>(
  "payout-earnings",
  async ({ at }) => {
    const { db } = await getDatabase();
    const run = await releaseEarnings(db, at ? new Date(at) : new Date());
    if (run.released > 0)
      log.info(`[payouts] released ${run.released} period(s) of ${run.bookings} booking(s)`);
  },
  { policy: "exclusive" },
);

/** The weekly batch (Monday 09:00 Manila, and at boot: the week's batch is made once, whoever runs first). */
export const payoutBatchQueue = defineQueue<{ at?: string }>(
  "payout-batch",
  async ({ at }) => {
    const { db } = await getDatabase();
    const run = await runPayoutBatch(db, at ? new Date(at) : new Date());
    if (run.batchId)
      log.info(
        `[payouts] batch ${run.batchId}: ${run.payouts} payout(s), ${formatPeso(run.amount)}; ${run.reminded} host(s) reminded to add a method; ${run.failed.length} host(s) failed`,
      );
  },
  { policy: "exclusive" },
);
