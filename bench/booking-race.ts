/**
 * The booking race's worker (run by bench/sections/race.ts in a child process:
 * `node --import tsx bench/booking-race.ts <json>`).
 *
 * On one database — embedded PGlite in a data directory, or PostgreSQL at a URL — it makes a host with one whole
 * storage space and N renters with sessions, then sends N POST /reserve/BookSpace requests for the same dates all at
 * once, through the API's own request handler. Exactly one may win the space (docs/product.md, No overbooking);
 * it writes how many bookings exist afterwards and the p50/p99 of the requests to a JSON file.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import os from "node:os";

type Options = {
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };
  renters: number;
  resultFile: string;
};

const options = JSON.parse(process.argv[2] ?? "{}") as Options;
process.env.SESSION_SECRET ??= randomBytes(36).toString("base64url");

const { eq } = await import("drizzle-orm");
const { openDatabase } = await import("~/db/client.server");
const { setDatabase, closeDatabase } = await import("~/db/db.server");
const schema = await import("~/db/schema");
const { seedReferenceData } = await import("~/seed/seed.server");
const { handleApiRequest } = await import("~/api/router.server");
const { registerQueues, stopJobs } = await import("~/infra/jobs.server");
const { QUEUES } = await import("~/jobs/queues.server");
const { createSession } = await import("~/infra/session.server");
const { addDays, todayInManila } = await import("~/domain/dates");
const { makeReferralCode } = await import("~/domain/referral-code");

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
  const { db } = handle;

  const person = async (label: string) => {
    const [user] = await db
      .insert(schema.users)
      .values({
        email: `${label}-${randomBytes(4).toString("hex")}@bench.example.ph`,
        firstName: label,
        lastName: "Bench",
        referralCode: makeReferralCode(label),
      })
      .returning();
    if (!user) throw new Error("user not stored");
    return user;
  };
  const host = await person("host");
  const [space] = await db
    .insert(schema.spaces)
    .values({
      hostId: host.id,
      status: "active",
      storageType: "storage",
      kind: "spareRoom",
      spaceTitle: "The last free room",
      entireSpace: true,
      unitsAvailable: 1,
      rentalDurations: ["1_month"],
      monthlyPrice: 300_000,
      publishedAt: new Date(),
    })
    .returning();
  if (!space) throw new Error("space not stored");

  const cookies: string[] = [];
  for (let i = 0; i < options.renters; i++) {
    const renter = await person(`renter${i}`);
    cookies.push((await createSession(db, renter.id, "bench")).split(";")[0] as string);
  }
  const body = JSON.stringify({
    spaceId: space.id,
    startDate: addDays(todayInManila(), 7),
    duration: "1_month",
    paymentMethod: "gcash",
  });

  const times: number[] = [];
  const statuses = await Promise.all(
    cookies.map(async (cookie) => {
      const started = performance.now();
      const response = await handleApiRequest(
        new Request("http://localhost/api/reserve/BookSpace", {
          method: "POST",
          headers: { Cookie: cookie, "Content-Type": "application/json" },
          body,
        }),
        {},
      );
      await response.arrayBuffer();
      times.push(performance.now() - started);
      return response.status;
    }),
  );
  const booked = await db.select().from(schema.bookings).where(eq(schema.bookings.spaceId, space.id));
  times.sort((a, b) => a - b);
  const result = {
    database: handle.kind,
    requests: options.renters,
    won: statuses.filter((status) => status === 200).length,
    refused: statuses.filter((status) => status === 409).length,
    other: statuses.filter((status) => status !== 200 && status !== 409),
    bookings: booked.length,
    p50Ms: round(percentile(times, 0.5)),
    p99Ms: round(percentile(times, 0.99)),
    loadAverage: os.loadavg().map(round),
  };
  console.log(
    `  ${handle.kind}: ${result.requests} requests → ${result.bookings} booking(s), ${result.refused} refused; p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
  );
  writeFileSync(options.resultFile, JSON.stringify(result, null, 2));
} finally {
  await stopJobs();
  await closeDatabase();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
