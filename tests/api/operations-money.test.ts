import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { ConsoleBatch, ConsoleCoupon, HostWithoutMethod } from "~/api/operations/money.server";
import { checkLedger } from "~/core/ledger.server";
import { runPayoutBatch } from "~/core/payout-runs.server";
import { getDatabase } from "~/db/db.server";
import { auditLog, payoutBatches, payoutMethods } from "~/db/schema";
import { addDays, startOfManilaDay } from "~/domain/dates";
import { NOTE_NEEDED } from "~/domain/operators";
import { anActiveBooking, start } from "./booking-fixtures";
import { call, expectStatus, loggedInUser } from "./helpers";
import { anOperator, expectNoSuchCall } from "./operator-fixtures";

/**
 * The console's finance queues (docs/operations.md): the payout batches — the CSV and marking one paid with its audit
 * row — and the hosts owed without a payout method. Nobody but finance (or admin) learns the calls exist.
 */

afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

/** Monday 09:00 Manila of the week after `date` (at least a day later): when a weekly batch is made. */
function batchTimeAfter(date: string): Date {
  let day = addDays(date, 1);
  while (startOfManilaDay(day).getUTCDay() !== 0) day = addDays(day, 1); // Manila Monday starts on a UTC Sunday
  return new Date(startOfManilaDay(day).getTime() + 9 * 3_600_000);
}

/** The export's lines as records by column (our values carry no commas or quotes). */
function parse(csv: string): Record<string, string>[] {
  const [header = "", ...lines] = csv.trimEnd().split("\n");
  const columns = header.split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((value, n) => [columns[n], value])));
}

const SOME_ID = "00000000-0000-4000-8000-000000000009";

describe("the payouts queue", () => {
  it("refuses everyone but finance and admin as a path that does not exist", async () => {
    const user = await loggedInUser();
    const trust = await anOperator("trust");
    const support = await anOperator("support");
    const calls = [
      { method: "GET", path: "/operations/payoutBatches" },
      { method: "GET", path: `/operations/payoutExport?batchId=${SOME_ID}` },
      {
        method: "POST",
        path: "/operations/markBatchPaid",
        body: { batchId: SOME_ID, reference: "R", note: "x" },
      },
    ];
    for (const { method, path, body } of calls)
      for (const cookie of [undefined, user.cookie, trust.cookie, support.cookie])
        expectNoSuchCall(await call(method, path, { cookie, body }), method, path);
    const finance = await anOperator("finance");
    expectStatus(await call("GET", "/operations/payoutBatches", { cookie: finance.cookie }), 200);
  });

  it("lists the week's batch and the host without a method, exports its CSV and marks it paid once, each audited", async () => {
    const withMethod = await anActiveBooking();
    const withoutMethod = await anActiveBooking();
    const { db } = await getDatabase();
    await db.insert(payoutMethods).values({
      userId: withMethod.host.user.id,
      method: "gcash",
      accountName: "Bea Villanueva",
      accountNumber: "09171234567",
    });
    const run = await runPayoutBatch(db, batchTimeAfter(addDays(start, 2)));
    const batchId = run.batchId as string;
    const finance = await anOperator("finance");

    const listed = await call<{ batches: ConsoleBatch[]; withoutMethod: HostWithoutMethod[] }>(
      "GET",
      "/operations/payoutBatches",
      { cookie: finance.cookie },
    );
    expectStatus(listed, 200);
    expect(listed.body.result.batches.find((batch) => batch.id === batchId)).toMatchObject({
      state: "open",
      payouts: 1,
      amount: 300_000,
      reference: null,
    });
    expect(listed.body.result.withoutMethod).toContainEqual(
      expect.objectContaining({ id: withoutMethod.host.user.id, owed: 300_000 }),
    );
    expect(listed.body.result.withoutMethod.some((host) => host.id === withMethod.host.user.id)).toBe(false);

    const exported = await call<{ filename: string; csv: string }>(
      "GET",
      `/operations/payoutExport?batchId=${batchId}`,
      { cookie: finance.cookie },
    );
    expectStatus(exported, 200);
    const lines = parse(exported.body.result.csv);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      batch_id: batchId,
      host_id: withMethod.host.user.id,
      amount_php: "3000.00",
      method: "gcash",
      account_number: "09171234567",
    });
    expect(exported.body.result.filename).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.csv$/);

    // A money action needs a note; nothing changes without one.
    const noNote = await call("POST", "/operations/markBatchPaid", {
      cookie: finance.cookie,
      body: { batchId, reference: "BDO-TRF-1", note: " " },
    });
    expect(noNote.status).toBe(400);
    expect(JSON.stringify(noNote.body)).toContain(NOTE_NEEDED);
    const [stillOpen] = await db.select().from(payoutBatches).where(eq(payoutBatches.id, batchId));
    expect(stillOpen?.state).toBe("open");

    const marked = await call<{ payouts: number; amount: number }>("POST", "/operations/markBatchPaid", {
      cookie: finance.cookie,
      body: { batchId, reference: "BDO-TRF-1", note: "Sent from the BDO account" },
    });
    expectStatus(marked, 200, "The batch is marked paid.");
    expect(marked.body.result).toEqual({ payouts: 1, amount: 300_000 });
    const again = await call("POST", "/operations/markBatchPaid", {
      cookie: finance.cookie,
      body: { batchId, reference: "BDO-TRF-2", note: "again" },
    });
    expectStatus(again, 409, "This payout batch is already marked paid.");

    const rows = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, batchId), eq(auditLog.operatorId, finance.user.id)));
    expect(rows.map((row) => row.action).sort()).toEqual(["payouts.export", "payouts.markPaid"]);
    expect(rows.find((row) => row.action === "payouts.markPaid")).toMatchObject({
      recordType: "payout_batch",
      operatorEmail: finance.user.email,
      note: "Sent from the BDO account",
      after: { state: "paid", reference: "BDO-TRF-1", payouts: 1, amount: 300_000 },
    });
  });
});

describe("the coupons queue", () => {
  it("refuses everyone but finance and admin; creates a coupon by the command's rules and ends it, each audited", async () => {
    const user = await loggedInUser();
    const trust = await anOperator("trust");
    const calls = [
      { method: "GET", path: "/operations/coupons" },
      { method: "POST", path: "/operations/createCoupon", body: { code: "X", amount: "1", note: "x" } },
      { method: "POST", path: "/operations/endCoupon", body: { couponId: SOME_ID, note: "x" } },
    ];
    for (const { method, path, body } of calls)
      for (const cookie of [undefined, user.cookie, trust.cookie])
        expectNoSuchCall(await call(method, path, { cookie, body }), method, path);

    const finance = await anOperator("finance");
    const code = `FIN${Date.now().toString(36).toUpperCase()}`;
    const until = addDays(start, 60);
    const refused = await call("POST", "/operations/createCoupon", {
      cookie: finance.cookie,
      body: { code, amount: "100.00", percent: "10", until, note: "Launch week" },
    });
    expectStatus(refused, 400, "Give one of --amount (pesos) or --percent (of the first month).");
    const created = await call<{ line: string }>("POST", "/operations/createCoupon", {
      cookie: finance.cookie,
      body: { code, amount: "100.00", until, limit: "5", note: "Launch week" },
    });
    expectStatus(created, 200, "The coupon is created.");
    expect(created.body.result.line).toContain(`coupon ${code}: ₱100.00 off`);
    const listed = await call<ConsoleCoupon[]>("GET", "/operations/coupons", { cookie: finance.cookie });
    const coupon = listed.body.result.find((row) => row.code === code);
    expect(coupon).toMatchObject({
      kind: "fixed",
      value: 10_000,
      totalLimit: 5,
      validUntil: until,
      ended: false,
    });
    const couponId = coupon?.id as string;

    expect(
      (await call("POST", "/operations/endCoupon", { cookie: finance.cookie, body: { couponId, note: "" } }))
        .status,
    ).toBe(400);
    const ended = await call("POST", "/operations/endCoupon", {
      cookie: finance.cookie,
      body: { couponId, note: "Budget spent" },
    });
    expectStatus(ended, 200, "The coupon is ended.");
    const again = await call("POST", "/operations/endCoupon", {
      cookie: finance.cookie,
      body: { couponId, note: "again" },
    });
    expectStatus(again, 409, "This coupon has already ended.");
    const after = await call<ConsoleCoupon[]>("GET", "/operations/coupons", { cookie: finance.cookie });
    expect(after.body.result.find((row) => row.id === couponId)?.ended).toBe(true);

    const { db } = await getDatabase();
    const rows = await db.select().from(auditLog).where(eq(auditLog.recordId, couponId));
    expect(rows.map((row) => [row.action, row.note, row.operatorEmail]).sort()).toEqual([
      ["coupon.create", "Launch week", finance.user.email],
      ["coupon.end", "Budget spent", finance.user.email],
    ]);
  });
});
