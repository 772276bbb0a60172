import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ledgerEntries } from "~/db/schema";
import { openUnapplied } from "./unapplied-payments.server";

/**
 * The ledger (ADR 0023): append-only, double-entry; every movement is one entry of rows adding up to zero (debits
 * positive), which the database checks at commit. An account's balance is the sum of its rows.
 */
export const ACCOUNTS = {
  /** Money at the payment provider: what we hold in cash. */
  provider: "provider",
  /** What renters paid for a booking and we hold for it (a liability: its balance is negative). */
  bookingFunds: "booking_funds",
  /**
   * Renters' deposits the platform holds for a booking until they are settled (a liability, like booking funds):
   * moved in from booking funds when the payment is confirmed; out to the host, back to the renter or back to the
   * booking's funds with a cancellation (ADR 0032).
   */
  depositsHeld: "deposits_held",
  /** Refunds decided and not yet paid back by the provider. */
  refundsOwed: "refunds_owed",
  /** Rent a host has earned and not yet been paid out (a liability, per host: each row names the host). */
  hostPayable: "host_payable",
  /** The Space Solution fees the platform has earned (income: its balance is negative). */
  platformFees: "platform_fees",
  /** What the platform put into bookings for renters' vouchers and coupons (an expense: positive). */
  platformVouchers: "platform_vouchers",
  /** Goodwill refunds the platform gave renters from its own money (an expense: positive; ADR 0076). */
  platformGoodwill: "platform_goodwill",
} as const;

export type LedgerMove = {
  kind: string;
  debit: string;
  credit: string;
  /** Centavos, more than 0. */
  amount: number;
  bookingId?: string;
  paymentId?: string;
  refundId?: string;
  hostId?: string;
  payoutId?: string;
};

/**
 * What one ledger row adds to each of the business's money figures (docs/product.md: every peso paid in is held,
 * refunded, earned by the host or earned by the platform), as SQL over a `ledger_entries` row. The ledger check and
 * the console's health of the business (app/core/business-health.server.ts) both read the ledger through these, so the
 * figures the console shows are the very sums the check proves.
 */
export const LEDGER_FIGURES = {
  /** Money the payment provider took for us: its debits (payouts and refunds paid back are its credits). */
  paidIn: sql`case when ledger_entries.account = ${ACCOUNTS.provider} and ledger_entries.amount > 0
    then ledger_entries.amount else 0 end`,
  /** Refunds decided for renters: what moved into refunds owed, paid back by the provider or not yet. */
  refunded: sql`case when ledger_entries.account = ${ACCOUNTS.refundsOwed} and ledger_entries.amount < 0
    then -ledger_entries.amount else 0 end`,
  /** Rent (and deposits awarded) released to hosts: what moved into host payable; payouts take it out again. */
  earnedByHosts: sql`case when ledger_entries.account = ${ACCOUNTS.hostPayable} and ledger_entries.amount < 0
    then -ledger_entries.amount else 0 end`,
  /** The platform's fees less what it put into vouchers and coupons and gave back as goodwill. */
  earnedByPlatform: sql`case when ledger_entries.account in
    (${ACCOUNTS.platformFees}, ${ACCOUNTS.platformVouchers}, ${ACCOUNTS.platformGoodwill})
    then -ledger_entries.amount else 0 end`,
  /** Still held for a booking: its funds and its deposit. */
  held: sql`case when ledger_entries.account in (${ACCOUNTS.bookingFunds}, ${ACCOUNTS.depositsHeld})
    then -ledger_entries.amount else 0 end`,
} as const;

/** One movement of `amount` from `credit` to `debit`, as one balanced entry. */
export async function enterLedger(tx: Database, move: LedgerMove): Promise<void> {
  const entryId = randomUUID();
  const links = {
    bookingId: move.bookingId,
    paymentId: move.paymentId,
    refundId: move.refundId,
    hostId: move.hostId,
    payoutId: move.payoutId,
  };
  await tx.insert(ledgerEntries).values([
    { entryId, account: move.debit, amount: move.amount, kind: move.kind, ...links },
    { entryId, account: move.credit, amount: -move.amount, kind: move.kind, ...links },
  ]);
}

/** What `npm run ledger:check` (and the money tests, after each test) finds wrong; empty when the ledger is sound. */
export type LedgerProblem =
  | { problem: "entry_unbalanced"; entryId: string; sum: number }
  | {
      problem: "booking_money_differs";
      bookingId: string;
      held: number;
      earnedByHost: number;
      earnedByPlatform: number;
      expected: number;
    }
  | { problem: "booking_funds_overdrawn"; bookingId: string; held: number }
  | { problem: "host_paid_more_than_earned"; bookingId: string; owed: number }
  | { problem: "earnings_differ"; bookingId: string; released: number; recorded: number }
  | { problem: "payout_differs"; payoutId: string; amount: number; earnings: number; sent: number }
  /** A provider event kept for an operator (a payment of nothing of ours, a refund that failed…), not yet resolved. */
  | { problem: "provider_event_unapplied"; eventId: string; kind: string; reason: string }
  | {
      problem: "deposit_differs";
      bookingId: string;
      /** What the deposit's row says. */
      state: string | null;
      amount: number;
      /** What the ledger moved into and out of deposits held for it, and the host's deposit earnings. */
      heldIn: number;
      stillHeld: number;
      toHost: number;
      earnedByHost: number;
      toRenter: number;
      toPlatform: number;
    };

/**
 * Proves the ledger (docs/product.md, Ledger: every peso paid in is, at any moment, held, refunded, earned by the host
 * or earned by the platform — never lost or made up):
 * - every entry adds up to zero;
 * - for every booking, what its funds hold + what its host earned + what the platform earned (fees less the vouchers
 *   it funded and the goodwill refunds it gave) is exactly what its renter paid minus what was refunded;
 * - no booking's funds ever go below zero (nothing released that was not paid), and no host is paid out more of a
 *   booking than it earned;
 * - each booking's released rent is the rent of its earnings rows, and each payout's amount is the rent of the
 *   earnings it took and, once paid, what left the host's account for it;
 * - what a booking holds counts its deposit held too; an unsettled deposit is still held whole, and a settled one
 *   was paid out once, as its row says (ADR 0032);
 * - no provider event waits for an operator (docs/decisions/0040-money-promises.md): a payment of nothing of ours,
 *   one reported again for another amount, a refund we never asked for or one the provider could not make.
 * Balances are sums of rows; nothing here trusts a stored total but the booking's own counters, which the machine
 * moves in the same transaction as the rows.
 */
export async function checkLedger(db: Database): Promise<LedgerProblem[]> {
  // Both drivers answer `execute` with `{ rows }`; our one Database type leaves the result open.
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const unbalanced = await rows<{ entry_id: string; total: string }>(sql`
    select entry_id, sum(amount)::text as total from ledger_entries group by entry_id having sum(amount) <> 0`);
  const perBooking = await rows<{
    id: string;
    held: string;
    host: string;
    platform: string;
    owed: string;
    expected: string;
    recorded: string;
  }>(sql`
    with money as (
      select booking_id,
        coalesce(sum(${LEDGER_FIGURES.held}), 0) as held,
        coalesce(sum(${LEDGER_FIGURES.earnedByHosts}), 0) as host,
        coalesce(sum(${LEDGER_FIGURES.earnedByPlatform}), 0) as platform,
        coalesce(-sum(amount) filter (where account = ${ACCOUNTS.hostPayable}), 0) as owed
      from ledger_entries where booking_id is not null group by booking_id
    ), earned as (
      select booking_id, sum(rent) as recorded from host_earnings group by booking_id
    )
    select b.id, coalesce(m.held, 0)::text as held, coalesce(m.host, 0)::text as host,
      coalesce(m.platform, 0)::text as platform, coalesce(m.owed, 0)::text as owed,
      (b.paid - b.refunded)::text as expected, coalesce(e.recorded, 0)::text as recorded
    from bookings b
    left join money m on m.booking_id = b.id
    left join earned e on e.booking_id = b.id
    where coalesce(m.held, 0) + coalesce(m.host, 0) + coalesce(m.platform, 0) <> b.paid - b.refunded
      or coalesce(m.held, 0) < 0 or coalesce(m.owed, 0) < 0
      or coalesce(m.host, 0) <> coalesce(e.recorded, 0)`);
  const payoutsDiffering = await rows<{
    id: string;
    amount: string;
    earnings: string;
    sent: string;
    paid: boolean;
  }>(
    sql`
    select p.id, p.amount::text as amount,
      coalesce((select sum(e.rent) from host_earnings e where e.payout_id = p.id), 0)::text as earnings,
      coalesce((select sum(l.amount) from ledger_entries l
        where l.payout_id = p.id and l.account = ${ACCOUNTS.hostPayable}), 0)::text as sent,
      (b.state = 'paid') as paid
    from payouts p join payout_batches b on b.id = p.batch_id`,
  );
  const problems: LedgerProblem[] = unbalanced.map((row) => ({
    problem: "entry_unbalanced" as const,
    entryId: row.entry_id,
    sum: Number(row.total),
  }));
  for (const row of perBooking) {
    const [held, earnedByHost, earnedByPlatform, expected] = [
      row.held,
      row.host,
      row.platform,
      row.expected,
    ].map(Number) as [number, number, number, number];
    if (held + earnedByHost + earnedByPlatform !== expected)
      problems.push({
        problem: "booking_money_differs",
        bookingId: row.id,
        held,
        earnedByHost,
        earnedByPlatform,
        expected,
      });
    if (held < 0) problems.push({ problem: "booking_funds_overdrawn", bookingId: row.id, held });
    if (Number(row.owed) < 0)
      problems.push({ problem: "host_paid_more_than_earned", bookingId: row.id, owed: Number(row.owed) });
    if (earnedByHost !== Number(row.recorded))
      problems.push({
        problem: "earnings_differ",
        bookingId: row.id,
        released: earnedByHost,
        recorded: Number(row.recorded),
      });
  }
  for (const row of payoutsDiffering) {
    const [amount, earnings, sent] = [row.amount, row.earnings, row.sent].map(Number) as [
      number,
      number,
      number,
    ];
    if (amount !== earnings || sent !== (row.paid ? amount : 0))
      problems.push({ problem: "payout_differs", payoutId: row.id, amount, earnings, sent });
  }
  problems.push(...(await depositProblems(db)));
  // Money the provider reported that no booking accounts for yet: the ledger is not whole until an operator acts.
  for (const row of await openUnapplied(db))
    problems.push({
      problem: "provider_event_unapplied",
      eventId: row.id,
      kind: row.kind,
      reason: row.reason,
    });
  return problems;
}

/**
 * Proves each deposit (ADR 0032): the ledger moved exactly its amount into deposits held; a held one is still there
 * whole; a settled one left once and whole, to the host (matching its deposit earnings row), to the renter and to the
 * platform as its row says. Money in deposits held without a deposit row is a problem too.
 */
async function depositProblems(db: Database): Promise<LedgerProblem[]> {
  const rows = (
    (await db.execute(sql`
    with moved as (
      select booking_id,
        coalesce(-sum(amount) filter (where amount < 0), 0) as held_in,
        -sum(amount) as still_held,
        coalesce(sum(amount) filter (where amount > 0 and kind = 'deposit_awarded'), 0) as to_host,
        coalesce(sum(amount) filter (where amount > 0 and kind in ('deposit_refund', 'deposit_returned')), 0)
          as to_renter,
        coalesce(sum(amount) filter (where amount > 0 and kind = 'deposit_voucher_returned'), 0) as to_platform
      from ledger_entries where account = ${ACCOUNTS.depositsHeld} group by booking_id
    ), awarded as (
      select booking_id, sum(rent) as earned from host_earnings where kind = 'deposit' group by booking_id
    )
    select coalesce(d.booking_id, m.booking_id) as id, d.state, coalesce(d.amount, 0)::text as amount,
      coalesce(d.awarded_to_host, 0)::text as awarded, coalesce(d.refunded_to_renter, 0)::text as refunded,
      coalesce(d.returned_to_platform, 0)::text as returned,
      coalesce(m.held_in, 0)::text as held_in, coalesce(m.still_held, 0)::text as still_held,
      coalesce(m.to_host, 0)::text as to_host, coalesce(m.to_renter, 0)::text as to_renter,
      coalesce(m.to_platform, 0)::text as to_platform, coalesce(a.earned, 0)::text as earned
    from booking_deposits d
    full join moved m on m.booking_id = d.booking_id
    left join awarded a on a.booking_id = coalesce(d.booking_id, m.booking_id)`)) as unknown as {
      rows: Record<string, string | null>[];
    }
  ).rows;
  const problems: LedgerProblem[] = [];
  for (const row of rows) {
    const n = (key: string) => Number(row[key] ?? 0);
    const amount = n("amount");
    const held = row.state === "held";
    const sound =
      row.state !== null &&
      n("held_in") === amount &&
      n("still_held") === (held ? amount : 0) &&
      n("to_host") === n("awarded") &&
      n("earned") === n("awarded") &&
      n("to_renter") === n("refunded") &&
      n("to_platform") === n("returned");
    if (!sound)
      problems.push({
        problem: "deposit_differs",
        bookingId: String(row.id),
        state: row.state ?? null,
        amount,
        heldIn: n("held_in"),
        stillHeld: n("still_held"),
        toHost: n("to_host"),
        earnedByHost: n("earned"),
        toRenter: n("to_renter"),
        toPlatform: n("to_platform"),
      });
  }
  return problems;
}
