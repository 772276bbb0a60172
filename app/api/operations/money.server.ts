import { desc, eq, sql } from "drizzle-orm";
import { z } from "zod/v4";
import { writeAudit } from "~/core/audit.server";
import { createCouponCommand, endCoupon } from "~/core/coupon-command.server";
import { exportBatch, markBatchPaid, REFERENCE_MAX_LENGTH } from "~/core/payout-runs.server";
import { coupons, hostEarnings, payoutBatches, payoutMethods, payouts, users } from "~/db/schema";
import { todayInManila } from "~/domain/dates";
import { defineEndpoint } from "../endpoint";
import { actorOf, consoleGate, operatorNote } from "./gate.server";

/**
 * The console's finance queues (docs/operations.md): the weekly payout batches — each batch's CSV for the bank, marking
 * it paid with the transfer's reference — and the hosts owed money who have no payout method yet. The same services as
 * `npm run ops -- payouts:export / payouts:mark-paid`; every call needs finance (or admin).
 */

const common = { auth: "optional", unlisted: true } as const;
const batchId = z.uuid("Invalid payout batch id.");
/** The batches a page lists: a few months of weeks. */
const BATCH_PAGE = 20;

export type ConsoleBatch = {
  id: string;
  weekOf: string;
  state: "open" | "paid";
  reference: string | null;
  paidAt: string | null;
  payouts: number;
  /** Centavos. */
  amount: number;
};

export type HostWithoutMethod = { id: string; name: string; email: string; owed: number };

const BATCHES = { method: "GET", path: "/operations/payoutBatches" } as const;
export const consolePayoutBatches = defineEndpoint({
  ...BATCHES,
  ...common,
  answers: [404],
  summary:
    "The weekly payout batches, newest first, with their payouts' count and sum; and the hosts owed money without a payout method.",
  gate: consoleGate(BATCHES, "money"),
  async handler({ db }): Promise<{ batches: ConsoleBatch[]; withoutMethod: HostWithoutMethod[] }> {
    const batchRows = await db
      .select({
        batch: payoutBatches,
        payouts: sql<number>`count(${payouts.id})::int`,
        amount: sql<number>`coalesce(sum(${payouts.amount}), 0)::bigint`.mapWith(Number),
      })
      .from(payoutBatches)
      .leftJoin(payouts, eq(payouts.batchId, payoutBatches.id))
      .groupBy(payoutBatches.id)
      .orderBy(desc(payoutBatches.weekOf))
      .limit(BATCH_PAGE);
    // Released rent not yet in a batch, of hosts with no method: the weekly run skips them until they add one.
    const owed = sql<number>`sum(${hostEarnings.rent})::bigint`.mapWith(Number);
    const hostRows = await db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        owed,
      })
      .from(hostEarnings)
      .innerJoin(users, eq(users.id, hostEarnings.hostId))
      .leftJoin(payoutMethods, eq(payoutMethods.userId, hostEarnings.hostId))
      .where(sql`${hostEarnings.payoutId} is null and ${payoutMethods.userId} is null`)
      .groupBy(users.id)
      .having(sql`sum(${hostEarnings.rent}) > 0`)
      .orderBy(desc(owed));
    return {
      batches: batchRows.map((row) => ({
        id: row.batch.id,
        weekOf: row.batch.weekOf,
        state: row.batch.state,
        reference: row.batch.reference,
        paidAt: row.batch.paidAt?.toISOString() ?? null,
        payouts: row.payouts,
        amount: row.amount,
      })),
      withoutMethod: hostRows.map((row) => ({
        id: row.id,
        name: `${row.firstName} ${row.lastName}`,
        email: row.email,
        owed: row.owed,
      })),
    };
  },
});

const EXPORT = { method: "GET", path: "/operations/payoutExport" } as const;
export const consolePayoutExport = defineEndpoint({
  ...EXPORT,
  ...common,
  answers: [404],
  summary:
    "A payout batch as CSV for the bank, one line per host's payout with where it goes; who downloaded it is audited.",
  gate: consoleGate(EXPORT, "money"),
  query: z.object({ batchId }),
  async handler({ db, user, query }): Promise<{ filename: string; csv: string }> {
    const { batch, csv } = await exportBatch(db, query.batchId);
    // The file holds hosts' account numbers: who took it is written down like any other console action.
    await db.transaction(async (tx) => {
      await writeAudit(tx, actorOf(user), {
        action: "payouts.export",
        recordType: "payout_batch",
        recordId: batch.id,
        after: { weekOf: batch.weekOf, state: batch.state },
      });
    });
    return { filename: `payouts-${batch.weekOf}.csv`, csv };
  },
});

const MARK_PAID = { method: "POST", path: "/operations/markBatchPaid" } as const;
export const consoleMarkBatchPaid = defineEndpoint({
  ...MARK_PAID,
  ...common,
  answers: [404, 409],
  summary:
    "Marks an open payout batch paid with the bank transfer's reference: the hosts' earnings leave their account and each host is told.",
  message: "The batch is marked paid.",
  gate: consoleGate(MARK_PAID, "money"),
  body: z.strictObject({
    batchId,
    reference: z
      .string({ error: "Please type the transfer's reference." })
      .trim()
      .min(1, { error: "Please type the transfer's reference." })
      .max(REFERENCE_MAX_LENGTH, {
        error: `A reference can be at most ${REFERENCE_MAX_LENGTH} characters.`,
      }),
    note: operatorNote,
  }),
  async handler({ db, user, body }): Promise<{ payouts: number; amount: number }> {
    const done = await markBatchPaid(db, body.batchId, body.reference, new Date(), {
      actor: actorOf(user),
      note: body.note,
    });
    return { payouts: done.payouts, amount: done.amount };
  },
});

export type ConsoleCoupon = {
  id: string;
  code: string;
  kind: "fixed" | "percent";
  /** fixed: centavos off; percent: whole percent of the first month. */
  value: number;
  validFrom: string;
  validUntil: string;
  totalLimit: number | null;
  ended: boolean;
};

const COUPONS = { method: "GET", path: "/operations/coupons" } as const;
export const consoleCoupons = defineEndpoint({
  ...COUPONS,
  ...common,
  answers: [404],
  summary: "The coupons operators made, newest first.",
  gate: consoleGate(COUPONS, "money"),
  async handler({ db }): Promise<ConsoleCoupon[]> {
    const today = todayInManila();
    const rows = await db
      .select()
      .from(coupons)
      .orderBy(desc(coupons.createdAt))
      .limit(BATCH_PAGE * 5);
    return rows.map((row) => ({
      id: row.id,
      code: row.code,
      kind: row.kind,
      value: row.value,
      validFrom: row.validFrom,
      validUntil: row.validUntil,
      totalLimit: row.totalLimit,
      ended: row.validUntil < today,
    }));
  },
});

const CREATE_COUPON = { method: "POST", path: "/operations/createCoupon" } as const;
const flag = z.string().trim().max(40).optional();
export const consoleCreateCoupon = defineEndpoint({
  ...CREATE_COUPON,
  ...common,
  answers: [404, 409],
  summary:
    "Creates a coupon: a fixed amount in pesos or a percent of the first month, its days and total limit (as coupon:create).",
  message: "The coupon is created.",
  gate: consoleGate(CREATE_COUPON, "money"),
  body: z.strictObject({
    code: z.string().trim().min(1, { error: "Please type the coupon's code." }).max(40),
    amount: flag,
    percent: flag,
    from: flag,
    until: flag,
    limit: flag,
    note: operatorNote,
  }),
  async handler({ db, user, body }): Promise<{ line: string }> {
    // The command's own flags: the console and `npm run ops -- coupon:create` read the very same rules.
    const args = ["--code", body.code];
    for (const name of ["amount", "percent", "from", "until", "limit"] as const) {
      const value = body[name];
      if (value) args.push(`--${name}`, value);
    }
    const line = await createCouponCommand(db, args, new Date(), { actor: actorOf(user), note: body.note });
    return { line };
  },
});

const END_COUPON = { method: "POST", path: "/operations/endCoupon" } as const;
export const consoleEndCoupon = defineEndpoint({
  ...END_COUPON,
  ...common,
  answers: [404, 409],
  summary: "Ends a coupon today: no new booking takes it; bookings that used it keep their discount.",
  message: "The coupon is ended.",
  gate: consoleGate(END_COUPON, "money"),
  body: z.strictObject({ couponId: z.uuid("Invalid coupon id."), note: operatorNote }),
  async handler({ db, user, body }) {
    await endCoupon(db, actorOf(user), body.couponId, body.note);
    return null;
  },
});

export const endpoints = [
  consolePayoutBatches,
  consolePayoutExport,
  consoleMarkBatchPaid,
  consoleCoupons,
  consoleCreateCoupon,
  consoleEndCoupon,
];
