/**
 * The billing run's worker (run by bench/sections/billing.ts in a child process:
 * `node --import tsx bench/billing.ts <json>`).
 *
 * On one database — embedded PGlite in a data directory, or PostgreSQL at a URL — it stores N active 3-month bookings
 * that started 26 days ago (straight into the table: the run is what is measured, not making bookings), then times
 * the daily billing run that issues their second month's bills (and tells each renter), its peak memory, and a rerun
 * that must issue nothing. Writes the figures to a JSON file.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import os from "node:os";

type Options = {
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };
  bookings: number;
  resultFile: string;
};

const options = JSON.parse(process.argv[2] ?? "{}") as Options;
process.env.SESSION_SECRET ??= randomBytes(36).toString("base64url");

const { count } = await import("drizzle-orm");
const { openDatabase } = await import("~/db/client.server");
const { setDatabase, closeDatabase } = await import("~/db/db.server");
const schema = await import("~/db/schema");
const { seedReferenceData } = await import("~/seed/seed.server");
const { registerQueues, startJobs, stopJobs } = await import("~/infra/jobs.server");
const { closeLiveBus } = await import("~/infra/live.server");
const { QUEUES } = await import("~/jobs/queues.server");
const { runBilling } = await import("~/core/billing.server");
const { addDays, endDateForMonths, todayInManila } = await import("~/domain/dates");
const { bookingPrice } = await import("~/domain/pricing");
const { firstPaidThrough } = await import("~/domain/billing");
const { makeReferralCode } = await import("~/domain/referral-code");

const RENTERS = 100;
const BATCH = 1_000;

const handle = await openDatabase(
  options.database.kind === "pglite"
    ? { dataDir: options.database.dataDir }
    : { url: options.database.url, poolSize: 10 },
);
try {
  await handle.migrate();
  await seedReferenceData(handle.db);
  setDatabase(handle);
  registerQueues(QUEUES);
  await startJobs();
  const { db } = handle;

  const people = await db
    .insert(schema.users)
    .values(
      Array.from({ length: RENTERS + 1 }, (_, n) => ({
        email: `billing-${n}-${randomBytes(3).toString("hex")}@bench.example.ph`,
        firstName: n === 0 ? "Host" : `Renter${n}`,
        lastName: "Bench",
        referralCode: makeReferralCode("Bench"),
      })),
    )
    .returning({ id: schema.users.id });
  const [host, ...renters] = people as { id: string }[];
  const [space] = await db
    .insert(schema.spaces)
    .values({
      hostId: host?.id ?? "",
      status: "active",
      storageType: "storage",
      kind: "warehouse",
      spaceTitle: "A big warehouse",
      entireSpace: false,
      unitOfRental: "sqm",
      unitsAvailable: options.bookings,
      rentalDurations: ["3_months"],
      monthlyPrice: 50_000,
      publishedAt: new Date(),
    })
    .returning();
  if (!space) throw new Error("space not stored");
  const startDate = addDays(todayInManila(), -26);
  const endDate = endDateForMonths(startDate, 3);
  const price = bookingPrice({
    type: "storage",
    startDate,
    endDate,
    monthlyPrice: 50_000,
    quantity: 1,
    depositAsked: false,
    firstMonthDiscountOffered: false,
  });
  for (let from = 0; from < options.bookings; from += BATCH) {
    await db.insert(schema.bookings).values(
      Array.from({ length: Math.min(BATCH, options.bookings - from) }, (_, n) => ({
        spaceId: space.id,
        renterId: renters[(from + n) % RENTERS]?.id ?? "",
        hostId: space.hostId,
        state: "active" as const,
        type: "storage" as const,
        startDate,
        endDate,
        duration: "3_months",
        quantity: 1,
        months: price.months,
        firstMonthPrice: price.firstMonthPrice,
        deposits: price.deposits,
        firstMonthDiscount: price.firstMonthDiscount,
        spaceSolutionFee: price.spaceSolutionFee,
        due: price.due,
        monthlyUnitPrice: 50_000,
        feeRateBasisPoints: 500,
        paid: 0,
        paidThrough: firstPaidThrough({ startDate, endDate }),
        requestedAt: new Date(),
      })),
    );
  }

  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, 50);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const first = await runBilling(db);
  const seconds = (performance.now() - started) / 1000;
  const cpuSeconds = (process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1e6;
  const rerunStarted = performance.now();
  const rerun = await runBilling(db);
  const rerunSeconds = (performance.now() - rerunStarted) / 1000;
  clearInterval(sampler);
  const [bills] = await db.select({ n: count() }).from(schema.bills);
  const result = {
    database: handle.kind,
    bookings: options.bookings,
    issued: first.issued,
    billsStored: bills?.n ?? 0,
    seconds: round(seconds),
    cpuSeconds: round(cpuSeconds),
    peakRssMb: round(peakRss / 1024 / 1024),
    rerunIssued: rerun.issued,
    rerunSeconds: round(rerunSeconds),
    loadAverage: os.loadavg().map(round),
  };
  console.log(
    `  ${handle.kind}: ${result.issued} bills issued in ${result.seconds} s (peak RSS ${result.peakRssMb} MB); rerun issued ${result.rerunIssued} in ${result.rerunSeconds} s`,
  );
  writeFileSync(options.resultFile, JSON.stringify(result, null, 2));
} finally {
  await stopJobs();
  // Telling renters published live updates: the bus's own connection must close too, or the process stays.
  await closeLiveBus();
  await closeDatabase();
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
