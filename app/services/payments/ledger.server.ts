import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { ledgerEntries } from "~/db/schema";

/**
 * The ledger (ADR 0023): append-only, double-entry; every movement is one entry of rows adding up to zero (debits
 * positive), which the database checks at commit. An account's balance is the sum of its rows.
 */
export const ACCOUNTS = {
  /** Money at the payment provider: what we hold in cash. */
  provider: "provider",
  /** What renters paid for a booking and we hold for it (a liability: its balance is negative). */
  bookingFunds: "booking_funds",
  /** Refunds decided and not yet paid back by the provider. */
  refundsOwed: "refunds_owed",
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
};

/** One movement of `amount` from `credit` to `debit`, as one balanced entry. */
export async function enterLedger(tx: Database, move: LedgerMove): Promise<void> {
  const entryId = randomUUID();
  const links = { bookingId: move.bookingId, paymentId: move.paymentId, refundId: move.refundId };
  await tx.insert(ledgerEntries).values([
    { entryId, account: move.debit, amount: move.amount, kind: move.kind, ...links },
    { entryId, account: move.credit, amount: -move.amount, kind: move.kind, ...links },
  ]);
}

/** What `npm run ledger:check` (and the money tests, after each test) finds wrong; empty when the ledger is sound. */
export type LedgerProblem =
  | { problem: "entry_unbalanced"; entryId: string; sum: number }
  | { problem: "booking_funds_differ"; bookingId: string; held: number; expected: number };

/**
 * Proves the ledger: every entry adds up to zero, and for every booking the money held in its funds is exactly what
 * its renter paid minus what was refunded (PRODUCT.md: every peso paid in is held, refunded or earned — never lost
 * or made up). Balances are sums of rows; nothing here trusts a stored total but the booking's own counters, which
 * the machine moves in the same transaction as the rows.
 */
export async function checkLedger(db: Database): Promise<LedgerProblem[]> {
  // Both drivers answer `execute` with `{ rows }`; our one Database type leaves the result open.
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
  const unbalanced = await rows<{ entry_id: string; total: string }>(sql`
    select entry_id, sum(amount)::text as total from ledger_entries group by entry_id having sum(amount) <> 0`);
  const differing = await rows<{ id: string; held: string; expected: string }>(sql`
    select b.id, coalesce(-sum(l.amount), 0)::text as held, (b.paid - b.refunded)::text as expected
    from bookings b
    left join ledger_entries l on l.booking_id = b.id and l.account = ${ACCOUNTS.bookingFunds}
    group by b.id
    having coalesce(-sum(l.amount), 0) <> b.paid - b.refunded`);
  return [
    ...unbalanced.map((row) => ({
      problem: "entry_unbalanced" as const,
      entryId: row.entry_id,
      sum: Number(row.total),
    })),
    ...differing.map((row) => ({
      problem: "booking_funds_differ" as const,
      bookingId: row.id,
      held: Number(row.held),
      expected: Number(row.expected),
    })),
  ];
}
