import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type Earnings,
  editPayoutSettings,
  PAYOUT_NOT_FOUND,
  PAYOUT_NOT_YOURS,
  type PayoutMethodView,
} from "~/api/payment/payouts.server";
import { handleApiRequest } from "~/api/router.server";
import { viewAccountSettings } from "~/api/user/profile.server";
import { runBilling, settleBillPayment } from "~/core/billing.server";
import { applyBookingEvent, bookingTransaction } from "~/core/booking-service.server";
import { ACCOUNTS, checkLedger, enterLedger } from "~/core/ledger.server";
import {
  exportBatch,
  markBatchPaid,
  PAYOUT_CSV_COLUMNS,
  releaseEarnings,
  runPayoutBatch,
} from "~/core/payout-runs.server";
import { getDatabase } from "~/db/db.server";
import {
  bills,
  hostEarnings,
  ledgerEntries,
  notifications,
  payoutBatches,
  payoutMethods,
  payouts,
} from "~/db/schema";
import { billSchedule } from "~/domain/billing";
import { addDays, startOfManilaDay } from "~/domain/dates";
import {
  BANK_NUMBER_LENGTH,
  GCASH_NUMBER_LENGTH,
  METHOD_REQUIRED,
  PAYMAYA_NUMBER_LENGTH,
} from "~/domain/payout-rules.server";
import { payableAt } from "~/domain/payouts";
import { log } from "~/infra/log.server";
import { ApiClient } from "~/screens/api.server";
import { ApiCache } from "~/screens/api-cache.server";
import {
  aHostAndARenter,
  anActiveBooking,
  anApprovedBooking,
  createListing,
  ledgerProblemsAfter,
  start,
} from "./booking-fixtures";
import { call, expectRefused, expectStatus, loggedInUser, runOps } from "./helpers";

/**
 * Host payouts (docs/product.md, Payouts; ADR 0029): the payout method calls and their refusals, rent released
 * 48 hours after each paid period starts (a moved clock), the weekly batch (once, whatever runs at once), the
 * operators' export and marking paid, the host's earnings, and the ledger proven sound after every test.
 */

afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

const MS = 1;
/** 06:00 Manila on `date`: when the daily billing run goes. */
const morningOf = (date: string) => new Date(startOfManilaDay(date).getTime() + 6 * 3_600_000);
/** Monday 09:00 Manila of the week after `date` (at least a day later): when a weekly batch is made. */
function batchTimeAfter(date: string): Date {
  let day = addDays(date, 1);
  while (startOfManilaDay(day).getUTCDay() !== 0) day = addDays(day, 1); // Manila Monday starts on a UTC Sunday
  return new Date(startOfManilaDay(day).getTime() + 9 * 3_600_000);
}

/** The booking's ledger balance of one account. */
async function balanceOf(bookingId: string, account: string): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.account, account)));
  return Number(row?.total ?? 0);
}

const earningsOf = (cookie: string) => call<Earnings>("GET", "/payment/myEarnings", { cookie });

const setMethod = (cookie: string, body: Record<string, unknown>) =>
  call<{ payoutMethod: PayoutMethodView }>("POST", "/payment/payoutSettings", { cookie, body });

/** The export's lines as records by column (our values carry no commas or quotes). */
function parse(csv: string): Record<string, string>[] {
  const [header = "", ...lines] = csv.trimEnd().split("\n");
  const columns = header.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((value, n) => [columns[n], value])));
}

const GCASH = { method: "gcash", accountName: "Bea Villanueva", accountNumber: "09171234567" };

describe("the payout method", () => {
  it("refuses a number of the wrong length with the product's rule and changes nothing; shows a saved one masked", async () => {
    const host = await loggedInUser();
    const none = await call<{ payoutMethod: PayoutMethodView | null }>("GET", "/payment/payoutSettings", {
      cookie: host.cookie,
    });
    expectStatus(none, 200);
    expect(none.body.result.payoutMethod).toBeNull();

    const refusals: [Record<string, unknown>, string, string][] = [
      [{ ...GCASH, accountNumber: "0917123456" }, "accountNumber", GCASH_NUMBER_LENGTH],
      [
        { ...GCASH, method: "paymaya", accountNumber: "091712345678" },
        "accountNumber",
        PAYMAYA_NUMBER_LENGTH,
      ],
      [
        { method: "bank", accountName: "Bea", accountNumber: "123456789", bankName: "BDO" },
        "accountNumber",
        BANK_NUMBER_LENGTH,
      ],
      [
        { method: "bank", accountName: "Bea", accountNumber: "1234567890" },
        "bankName",
        "Bank name is required",
      ],
      [{ ...GCASH, accountName: "  " }, "accountName", "Account name is required"],
      [{ accountName: "Bea", accountNumber: "09171234567" }, "method", METHOD_REQUIRED],
    ];
    for (const [body, field, message] of refusals)
      expectRefused(await setMethod(host.cookie, body), field, message);
    const { db } = await getDatabase();
    expect(await db.select().from(payoutMethods).where(eq(payoutMethods.userId, host.user.id))).toEqual([]);

    const saved = await setMethod(host.cookie, GCASH);
    expectStatus(saved, 200, "Your payout method has been saved.");
    expect(saved.body.result.payoutMethod).toEqual({
      method: "gcash",
      methodLabel: "GCash",
      accountName: "Bea Villanueva",
      accountNumber: "•••• 4567",
      bankName: null,
      updatedAt: expect.any(String),
    });
    // A wrong number later leaves the saved method as it was.
    expectRefused(
      await setMethod(host.cookie, { ...GCASH, accountNumber: "123" }),
      "accountNumber",
      GCASH_NUMBER_LENGTH,
    );
    const shown = await call<{ payoutMethod: PayoutMethodView }>("GET", "/payment/payoutSettings", {
      cookie: host.cookie,
    });
    expect(shown.body.result.payoutMethod.accountNumber).toBe("•••• 4567");
    expect(JSON.stringify(shown.body)).not.toContain("09171234567");
    const settings = await call<Record<string, unknown>>("GET", "/user/viewAccountSettings", {
      cookie: host.cookie,
    });
    expect(settings.body.result).toMatchObject({
      gCash: { accountName: "Bea Villanueva", accountNumber: "•••• 4567", bankName: null },
      bankDetails: null,
      paymayaDetails: null,
    });

    const bank = await setMethod(host.cookie, {
      method: "bank",
      accountName: "Bea Villanueva",
      accountNumber: "001234567890",
      bankName: "BDO Unibank",
    });
    expectStatus(bank, 200);
    const after = await call<Record<string, unknown>>("GET", "/user/viewAccountSettings", {
      cookie: host.cookie,
    });
    expect(after.body.result).toMatchObject({
      gCash: null,
      bankDetails: { accountName: "Bea Villanueva", accountNumber: "•••• 7890", bankName: "BDO Unibank" },
    });
    expectStatus(await call("GET", "/payment/payoutSettings"), 401);
    expectStatus(await call("POST", "/payment/payoutSettings", { body: GCASH }), 401);
  });
});

describe("the payout details in the account settings, as screens read them", () => {
  it("are kept for 180 s and dropped when the payout method is edited", async () => {
    const host = await loggedInUser();
    const cache = new ApiCache();
    // The screens' typed client on the real API, as a loader or an action calls it.
    const client = () =>
      new ApiClient(
        new Request("http://localhost/payment/payout-settings", { headers: { Cookie: host.cookie } }),
        {
          transport: (request, caller) => handleApiRequest(request, caller),
          cache,
          allowedRedirectOrigins: [],
        },
      );
    try {
      const first = await client().call(viewAccountSettings);
      if (!first.ok) throw new Error(first.message);
      expect(first.result).toMatchObject({ gCash: null, bankDetails: null, paymayaDetails: null });
      // Changed behind the API's back: the cached answer is still served.
      const { db } = await getDatabase();
      await db.insert(payoutMethods).values({ userId: host.user.id, ...GCASH, method: "gcash" });
      const cached = await client().call(viewAccountSettings);
      expect(cached.ok && cached.result.gCash).toBeNull();
      // An edit through the API drops it.
      const edited = await client().call(editPayoutSettings, { body: { ...GCASH, method: "paymaya" } });
      expect(edited.ok).toBe(true);
      const fresh = await client().call(viewAccountSettings);
      expect(fresh.ok && fresh.result).toMatchObject({
        gCash: null,
        paymayaDetails: { accountName: "Bea Villanueva", accountNumber: "•••• 4567" },
      });
    } finally {
      cache.dispose();
    }
  });
});

describe("rent becomes payable 48 hours after each period starts", () => {
  it("releases the first month's rent and fee once, keeps the deposit held, then each paid bill's", async () => {
    const { bookingId, booking, host } = await anActiveBooking();
    const { db } = await getDatabase();
    expect(booking.deposits).toBe(300_000);
    const firstPayable = payableAt(booking.startDate);

    expect((await releaseEarnings(db, new Date(firstPayable.getTime() - MS))).released).toBe(0);
    expect(await db.select().from(hostEarnings).where(eq(hostEarnings.bookingId, bookingId))).toEqual([]);
    const before = await earningsOf(host.cookie);
    expect(before.body.result).toMatchObject({ earned: 0, payable: 0, paidOut: 0, upcoming: 300_000 });
    // Two instances at once, then a rerun: released once.
    const runs = await Promise.all([releaseEarnings(db, firstPayable), releaseEarnings(db, firstPayable)]);
    expect(await balanceOf(bookingId, ACCOUNTS.hostPayable)).toBe(-300_000);
    expect((await releaseEarnings(db, firstPayable)).released).toBe(0);
    const mine = await db.select().from(hostEarnings).where(eq(hostEarnings.bookingId, bookingId));
    expect(mine).toMatchObject([
      { periodStart: start, rent: 300_000, spaceSolutionFee: 15_000, payoutId: null },
    ]);
    expect(runs.reduce((sum, run) => sum + run.released, 0)).toBe(1);
    expect(await balanceOf(bookingId, ACCOUNTS.platformFees)).toBe(-15_000);
    // What stays held is the deposit, in deposits held (ADR 0032); the booking's funds are all released.
    expect(-(await balanceOf(bookingId, ACCOUNTS.depositsHeld))).toBe(300_000);
    expect(await balanceOf(bookingId, ACCOUNTS.bookingFunds)).toBe(0);

    const earnings = await earningsOf(host.cookie);
    expectStatus(earnings, 200);
    expect(earnings.body.result).toMatchObject({
      earned: 300_000,
      payable: 300_000,
      paidOut: 0,
      upcoming: 0,
      payouts: [],
    });
    expect(earnings.body.result.periods).toMatchObject([
      {
        bookingId,
        periodStart: start,
        rent: 300_000,
        state: "payable",
        payableAt: firstPayable.toISOString(),
      },
    ]);

    // The second month: billed, paid on its due date, payable 48 hours after it starts.
    const [second] = billSchedule(booking);
    if (!second) throw new Error("no second month");
    await runBilling(db, morningOf(second.issueOn));
    const [bill] = await db.select().from(bills).where(eq(bills.bookingId, bookingId));
    if (!bill) throw new Error("no bill");
    await bookingTransaction(db, (tx) =>
      settleBillPayment(tx, { bookingId, billId: bill.id }, bill.total, `pay_${bill.id.slice(0, 8)}`),
    );
    expect((await earningsOf(host.cookie)).body.result.upcoming).toBe(300_000);
    expect((await releaseEarnings(db, new Date(payableAt(second.periodStart).getTime() - MS))).released).toBe(
      0,
    );
    expect(await balanceOf(bookingId, ACCOUNTS.hostPayable)).toBe(-300_000);
    await releaseEarnings(db, payableAt(second.periodStart));
    expect(await balanceOf(bookingId, ACCOUNTS.hostPayable)).toBe(-600_000);
    expect(await balanceOf(bookingId, ACCOUNTS.platformFees)).toBe(-30_000);
    expect(-(await balanceOf(bookingId, ACCOUNTS.depositsHeld))).toBe(300_000);
    expect(await balanceOf(bookingId, ACCOUNTS.bookingFunds)).toBe(0);
    // The third month is not paid: nothing more is released, however late the run.
    await releaseEarnings(db, payableAt(addDays(second.periodEnd, 30)));
    expect(await balanceOf(bookingId, ACCOUNTS.hostPayable)).toBe(-600_000);
  });

  it("releases nothing of an approved booking cancelled before its start: the refund came first, the fee stays held", async () => {
    const parties = await aHostAndARenter();
    const { bookingId, price } = await anApprovedBooking(parties);
    const cancelled = await call("POST", "/reserve/cancelBooking", {
      cookie: parties.renter.cookie,
      body: { bookingId, reason: "Plans changed" },
    });
    expectStatus(cancelled, 200);
    const { db } = await getDatabase();
    await releaseEarnings(db, payableAt(addDays(start, 40)));
    expect(await db.select().from(hostEarnings).where(eq(hostEarnings.bookingId, bookingId))).toEqual([]);
    expect(await balanceOf(bookingId, ACCOUNTS.hostPayable)).toBe(0);
    expect(-(await balanceOf(bookingId, ACCOUNTS.bookingFunds))).toBe(price.spaceSolutionFee);
  });
});

describe("the weekly payout batch and the operators", () => {
  it("pays each host with a method once a week, reminds the others, exports CSV and is marked paid once", async () => {
    const withMethod = await anActiveBooking();
    const withoutMethod = await anActiveBooking();
    const stranger = await loggedInUser({ nickName: "Nonoy" });
    expectStatus(await setMethod(withMethod.host.cookie, GCASH), 200);
    const { db } = await getDatabase();
    const at = batchTimeAfter(addDays(start, 2));

    // Two runs at once (two instances, or the run at boot and the Monday job): one batch, one payout per host.
    const runs = await Promise.all([runPayoutBatch(db, at), runPayoutBatch(db, at)]);
    const made = runs.filter((run) => run.batchId !== null);
    expect(made).toHaveLength(1);
    const batchId = made[0]?.batchId as string;
    expect((await runPayoutBatch(db, new Date(at.getTime() + 3_600_000))).batchId).toBeNull();
    const hostPayouts = await db.select().from(payouts).where(eq(payouts.hostId, withMethod.host.user.id));
    expect(hostPayouts).toMatchObject([
      { batchId, amount: 300_000, method: "gcash", accountNumber: "09171234567" },
    ]);
    expect(await db.select().from(payouts).where(eq(payouts.hostId, withoutMethod.host.user.id))).toEqual([]);
    const [reminder] = await db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, withoutMethod.host.user.id), eq(notifications.kind, "payoutUpdate")),
      );
    expect(reminder).toMatchObject({
      title: "Add a payout method to get your earnings",
      link: "/payment/payout-settings",
    });
    expect(reminder?.body).toContain("₱3,000.00");
    const payout = hostPayouts[0];
    if (!payout) throw new Error("no payout");

    const processing = await earningsOf(withMethod.host.cookie);
    expect(processing.body.result).toMatchObject({ earned: 300_000, payable: 300_000, paidOut: 0 });
    expect(processing.body.result.payouts).toMatchObject([
      {
        payoutId: payout.id,
        amount: 300_000,
        state: "processing",
        reference: null,
        sentTo: "GCash •••• 4567",
      },
    ]);

    // The export: the open batch, one line per payout, with the method it goes to.
    const { batch, csv } = await exportBatch(db, batchId);
    expect(batch.id).toBe(batchId);
    const lines = parse(csv);
    expect(Object.keys(lines[0] ?? {})).toEqual([...PAYOUT_CSV_COLUMNS]);
    expect(lines.find((line) => line.host_id === withMethod.host.user.id)).toMatchObject({
      batch_id: batchId,
      payout_id: payout.id,
      amount_php: "3000.00",
      method: "gcash",
      account_name: "Bea Villanueva",
      account_number: "09171234567",
      bank_name: "",
    });
    expect(lines.some((line) => line.host_id === withoutMethod.host.user.id)).toBe(false);

    // Another host's payout is not theirs to see.
    expectStatus(
      await call("GET", `/payment/payout/${payout.id}`, { cookie: stranger.cookie }),
      403,
      PAYOUT_NOT_YOURS,
    );
    expectStatus(
      await call("GET", `/payment/payout/${payout.id}`, { cookie: withoutMethod.host.cookie }),
      403,
      PAYOUT_NOT_YOURS,
    );
    expectStatus(
      await call("GET", "/payment/payout/00000000-0000-4000-8000-000000000000", { cookie: stranger.cookie }),
      404,
      PAYOUT_NOT_FOUND,
    );

    const paidAt = new Date(at.getTime() + 26 * 3_600_000);
    await expect(markBatchPaid(db, batchId, "  ")).rejects.toThrow("Give the transfer's reference");
    const marked = await markBatchPaid(db, batchId, "BDO-TRF-20261201", paidAt);
    expect(marked.batch).toMatchObject({ state: "paid", reference: "BDO-TRF-20261201" });
    await expect(markBatchPaid(db, batchId, "again")).rejects.toThrow(
      "This payout batch is already marked paid.",
    );
    await expect(markBatchPaid(db, "not-a-batch", "R")).rejects.toThrow("No payout batch has that id.");
    expect(await balanceOf(withMethod.bookingId, ACCOUNTS.hostPayable)).toBe(0);
    expect(await balanceOf(withoutMethod.bookingId, ACCOUNTS.hostPayable)).toBe(-300_000);

    const paid = await earningsOf(withMethod.host.cookie);
    expect(paid.body.result).toMatchObject({ earned: 300_000, payable: 0, paidOut: 300_000 });
    expect(paid.body.result.payouts).toMatchObject([
      { payoutId: payout.id, state: "paid", reference: "BDO-TRF-20261201", paidAt: paidAt.toISOString() },
    ]);
    const one = await call<{ periods: unknown[]; reference: string }>("GET", `/payment/payout/${payout.id}`, {
      cookie: withMethod.host.cookie,
    });
    expectStatus(one, 200);
    expect(one.body.result).toMatchObject({
      reference: "BDO-TRF-20261201",
      periods: [{ bookingId: withMethod.bookingId, rent: 300_000, state: "paid" }],
    });
    const [told] = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, withMethod.host.user.id), eq(notifications.kind, "payoutUpdate")));
    expect(told).toMatchObject({ title: "Your payout was sent", link: "/payment/bills?tab=earnings" });
    expect(told?.body).toContain("BDO-TRF-20261201");

    // The host without a method adds one: the next week's batch pays what accumulated.
    expectStatus(await setMethod(withoutMethod.host.cookie, { ...GCASH, method: "paymaya" }), 200);
    const nextWeek = await runPayoutBatch(db, new Date(at.getTime() + 7 * 24 * 3_600_000));
    expect(nextWeek.batchId).not.toBeNull();
    expect(
      await db.select().from(payouts).where(eq(payouts.hostId, withoutMethod.host.user.id)),
    ).toMatchObject([{ batchId: nextWeek.batchId, amount: 300_000, method: "paymaya" }]);
    // Without an id, the export takes the oldest open batch with payouts: this one, the first one being paid.
    expect((await exportBatch(db)).batch.id).toBe(nextWeek.batchId);
    await expect(exportBatch(db, "00000000-0000-4000-8000-000000000000")).rejects.toThrow(
      "No payout batch has that id.",
    );
  });

  it("pays a host owed more than ₱21,474,836.47 in one payout, and every other host too", async () => {
    // ₱999.00 a square meter, 10,000 of them: the most one booking may take, ₱9,990,000.00 of rent a month.
    const WHOLE_CITY_BLOCK = {
      entireSpace: false,
      unitOfRental: "sqm" as const,
      unitsAvailable: 10_000,
      monthlyPrice: 99_900,
      depositRequired: false,
    };
    const big = await aHostAndARenter(WHOLE_CITY_BLOCK);
    const blocks = [
      big.space,
      await createListing(big.host.user.id, WHOLE_CITY_BLOCK),
      await createListing(big.host.user.id, WHOLE_CITY_BLOCK),
    ];
    const { db } = await getDatabase();
    for (const block of blocks) {
      const { bookingId } = await anApprovedBooking(big, {
        spaceId: block.id,
        duration: "1_month",
        quantity: 10_000,
      });
      await applyBookingEvent(
        db,
        bookingId,
        { type: "start", actor: "system" },
        { at: startOfManilaDay(start) },
      );
    }
    const small = await anActiveBooking();
    expectStatus(await setMethod(big.host.cookie, GCASH), 200);
    expectStatus(await setMethod(small.host.cookie, GCASH), 200);

    // A week of its own: the other tests of this file make theirs.
    const run = await runPayoutBatch(db, batchTimeAfter(addDays(start, 100)));
    expect(run.failed).toEqual([]);
    const owed = 3 * 999_000_000;
    expect(owed).toBeGreaterThan(2 ** 31 - 1);
    expect(await db.select().from(payouts).where(eq(payouts.hostId, big.host.user.id))).toMatchObject([
      { batchId: run.batchId, amount: owed },
    ]);
    expect(await db.select().from(payouts).where(eq(payouts.hostId, small.host.user.id))).toMatchObject([
      { batchId: run.batchId, amount: 300_000 },
    ]);
    const { csv } = await exportBatch(db, run.batchId as string);
    expect(parse(csv).find((line) => line.host_id === big.host.user.id)?.amount_php).toBe("29970000.00");
    await markBatchPaid(db, run.batchId as string, "BIG-TRF-1");
    const earnings = await earningsOf(big.host.cookie);
    expect(earnings.body.result).toMatchObject({ earned: owed, payable: 0, paidOut: owed });
  });

  it("one host whose payout fails leaves every other host paid, and is paid the next week", async () => {
    const failing = await anActiveBooking();
    const other = await anActiveBooking();
    expectStatus(await setMethod(failing.host.cookie, GCASH), 200);
    expectStatus(await setMethod(other.host.cookie, GCASH), 200);
    const { db } = await getDatabase();
    // Whatever makes one host's payout fail (here the database refuses it), it fails alone.
    await db.execute(
      sql.raw(`create function refuse_one_payout() returns trigger language plpgsql as $$
        begin
          if new.host_id = '${failing.host.user.id}' then raise exception 'refused for the test'; end if;
          return new;
        end $$`),
    );
    await db.execute(
      sql`create trigger refuse_one_payout before insert on payouts for each row execute function refuse_one_payout()`,
    );
    const at = batchTimeAfter(addDays(start, 120));
    let run: Awaited<ReturnType<typeof runPayoutBatch>>;
    // The failed payout is logged for the operators: expected here.
    const errorLog = vi.spyOn(log, "error").mockImplementation(() => {});
    try {
      run = await runPayoutBatch(db, at);
      expect(errorLog).toHaveBeenCalledOnce();
    } finally {
      errorLog.mockRestore();
      await db.execute(sql`drop trigger refuse_one_payout on payouts`);
      await db.execute(sql`drop function refuse_one_payout()`);
    }
    expect(run.failed).toEqual([failing.host.user.id]);
    expect(await db.select().from(payouts).where(eq(payouts.hostId, other.host.user.id))).toMatchObject([
      { batchId: run.batchId, amount: 300_000 },
    ]);
    expect(await db.select().from(payouts).where(eq(payouts.hostId, failing.host.user.id))).toEqual([]);
    expect(
      await db
        .select({ payoutId: hostEarnings.payoutId })
        .from(hostEarnings)
        .where(eq(hostEarnings.hostId, failing.host.user.id)),
    ).toEqual([{ payoutId: null }]);
    await markBatchPaid(db, run.batchId as string, "TRF-1");

    const nextWeek = await runPayoutBatch(db, new Date(at.getTime() + 7 * 24 * 3_600_000));
    expect(nextWeek.failed).toEqual([]);
    expect(await db.select().from(payouts).where(eq(payouts.hostId, failing.host.user.id))).toMatchObject([
      { batchId: nextWeek.batchId, amount: 300_000 },
    ]);
    await markBatchPaid(db, nextWeek.batchId as string, "TRF-2");
  });

  it("writes a spreadsheet formula typed as an account name as text", async () => {
    const { host } = await anActiveBooking();
    expectStatus(await setMethod(host.cookie, { ...GCASH, accountName: "=HYPERLINK(1)" }), 200);
    const { db } = await getDatabase();
    const at = batchTimeAfter(addDays(start, 30));
    const run = await runPayoutBatch(db, at);
    const { csv } = await exportBatch(db, run.batchId ?? undefined);
    const lines = parse(csv);
    expect(lines.find((line) => line.host_id === host.user.id)?.account_name).toBe("'=HYPERLINK(1)");
    await markBatchPaid(db, run.batchId as string, "R-2");
  });
});

describe("the ledger check", () => {
  it("finds rent released without its earnings row, and a booking's funds released beyond what they hold", async () => {
    const { bookingId, booking } = await anActiveBooking();
    const unrecorded = await ledgerProblemsAfter((tx) =>
      enterLedger(tx, {
        kind: "earning_released",
        debit: ACCOUNTS.bookingFunds,
        credit: ACCOUNTS.hostPayable,
        amount: 100,
        bookingId,
        hostId: booking.hostId,
      }),
    );
    expect(unrecorded).toContainEqual({ problem: "earnings_differ", bookingId, released: 100, recorded: 0 });

    const overdrawn = await ledgerProblemsAfter((tx) =>
      enterLedger(tx, {
        kind: "fee_earned",
        debit: ACCOUNTS.bookingFunds,
        credit: ACCOUNTS.platformFees,
        amount: booking.due + 1,
        bookingId,
      }),
    );
    expect(overdrawn).toContainEqual({ problem: "booking_funds_overdrawn", bookingId, held: -1 });

    const madeUp = await ledgerProblemsAfter((tx) =>
      enterLedger(tx, {
        kind: "made_up",
        debit: ACCOUNTS.provider,
        credit: ACCOUNTS.platformFees,
        amount: 500,
        bookingId,
      }),
    );
    expect(madeUp).toContainEqual(
      expect.objectContaining({ problem: "booking_money_differs", bookingId, earnedByPlatform: 500 }),
    );
  });

  it("finds a host paid out more than earned, and a payout that differs from its earnings", async () => {
    const { bookingId, booking, host } = await anActiveBooking();
    const { db } = await getDatabase();
    await releaseEarnings(db, payableAt(booking.startDate));
    const overpaid = await ledgerProblemsAfter((tx) =>
      enterLedger(tx, {
        kind: "payout_sent",
        debit: ACCOUNTS.hostPayable,
        credit: ACCOUNTS.provider,
        amount: 300_001,
        bookingId,
        hostId: host.user.id,
      }),
    );
    expect(overpaid).toContainEqual({ problem: "host_paid_more_than_earned", bookingId, owed: -1 });
    expectStatus(await setMethod(host.cookie, GCASH), 200);
    const run = await runPayoutBatch(db, batchTimeAfter(addDays(start, 60)));
    const [payout] = await db.select().from(payouts).where(eq(payouts.hostId, host.user.id));
    if (!payout || !run.batchId) throw new Error("no payout");
    const differing = await ledgerProblemsAfter(async (tx) => {
      await tx
        .update(payouts)
        .set({ amount: payout.amount + 1 })
        .where(eq(payouts.id, payout.id));
    });
    expect(differing).toContainEqual({
      problem: "payout_differs",
      payoutId: payout.id,
      amount: payout.amount + 1,
      earnings: payout.amount,
      sent: 0,
    });
    await markBatchPaid(db, run.batchId, "R-3");
  });
});

describe("npm run ops -- payouts:export and payouts:mark-paid", () => {
  const scratch = mkdtempSync(path.join(tmpdir(), "ss-ops-"));

  it("refuses a mark-paid without its reference, with the usage, before opening any database", async () => {
    const usage = await runOps(["payouts:mark-paid", "some-batch"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("npm run ops -- payouts:mark-paid BATCH --reference R");
  }, 60_000);

  it("exports this database's open batch to a file and marks it paid once (PostgreSQL: the command's own connection)", async (context) => {
    const handle = await getDatabase();
    const url = handle.jobsConnection.connectionString;
    if (handle.kind !== "postgres" || !url) context.skip();
    const unknown = await runOps(["payouts:export", "00000000-0000-4000-8000-000000000000"], url);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No payout batch has that id.");
    const { host, bookingId } = await anActiveBooking();
    expectStatus(
      await setMethod(host.cookie, {
        method: "bank",
        accountName: "Bea V",
        accountNumber: "001234567890",
        bankName: "BPI",
      }),
      200,
    );
    const { db } = handle;
    const run = await runPayoutBatch(db, batchTimeAfter(addDays(start, 90)));
    const batchId = run.batchId as string;
    const file = path.join(scratch, "batch.csv");
    const exported = await runOps(["payouts:export", batchId, "--out", file], url);
    expect(exported.code, exported.stderr).toBe(0);
    const line = parse(readFileSync(file, "utf8")).find((row) => row.host_id === host.user.id);
    expect(line).toMatchObject({
      method: "bank",
      account_number: "001234567890",
      bank_name: "BPI",
      amount_php: "3000.00",
    });

    const marked = await runOps(["payouts:mark-paid", batchId, "--reference", "BPI-777"], url);
    expect(marked.code, marked.stderr).toBe(0);
    expect(marked.stdout).toContain("reference BPI-777");
    const [batch] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
    expect(batch).toMatchObject({ state: "paid", reference: "BPI-777" });
    expect(await balanceOf(bookingId, ACCOUNTS.hostPayable)).toBe(0);
    const again = await runOps(["payouts:mark-paid", batchId, "--reference", "BPI-778"], url);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("This payout batch is already marked paid.");
  }, 120_000);
});
