/**
 * The live updates' worker (run by bench/sections/streams.ts in a child process, with --expose-gc:
 * `node --expose-gc --import tsx bench/live-streams.ts <json>`).
 *
 * On one database — embedded PGlite in a data directory, or PostgreSQL at a URL — it makes a host with a listing and
 * N renters, each with a session and a conversation with the host. It opens N event streams through the app's own
 * /messages/events loader, one per renter, all held by this one process, and reads the memory they take. Then the
 * host answers renters one after another through POST /user/sendMessage, and each time it measures the delay until
 * that renter's stream says "changed" (on PostgreSQL that signal goes through NOTIFY and LISTEN). Writes the figures
 * to a JSON file.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import os from "node:os";

type Options = {
  database: { kind: "pglite"; dataDir: string } | { kind: "postgres"; url: string };
  clients: number;
  messages: number;
  resultFile: string;
};

const options = JSON.parse(process.argv[2] ?? "{}") as Options;
process.env.SESSION_SECRET ??= randomBytes(36).toString("base64url");

const { openDatabase } = await import("~/db/client.server");
const { setDatabase, closeDatabase } = await import("~/db/db.server");
const schema = await import("~/db/schema");
const { seedReferenceData } = await import("~/seed/seed.server");
const { handleApiRequest } = await import("~/api/router.server");
const { registerQueues, stopJobs, startJobs } = await import("~/infra/jobs.server");
const { QUEUES } = await import("~/jobs/queues.server");
const { createSession } = await import("~/infra/session.server");
const { makeReferralCode } = await import("~/domain/referral-code");
const { closeEventStreams, openStreamCount } = await import("~/infra/streams.server");
const { closeLiveBus } = await import("~/infra/live.server");
const { loader: eventsLoader } = await import("~/routes/messages+/events");

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

  const person = async (label: string) => {
    const [user] = await db
      .insert(schema.users)
      .values({
        email: `${label}-${randomBytes(4).toString("hex")}@bench.example.ph`,
        firstName: label,
        lastName: "Bench",
        referralCode: makeReferralCode(label),
        emailNotifications: false,
        smsNotifications: false,
      })
      .returning();
    if (!user) throw new Error("user not stored");
    return user;
  };
  const host = await person("host");
  const hostCookie = (await createSession(db, host.id, "bench")).split(";")[0] as string;
  const [space] = await db
    .insert(schema.spaces)
    .values({
      hostId: host.id,
      status: "active",
      storageType: "storage",
      kind: "spareRoom",
      spaceTitle: "A room with many questions",
      entireSpace: true,
      unitsAvailable: 1,
      rentalDurations: ["1_month"],
      monthlyPrice: 300_000,
      publishedAt: new Date(),
    })
    .returning();
  if (!space) throw new Error("space not stored");

  const renters: { cookie: string; conversationId: string }[] = [];
  for (let i = 0; i < options.clients; i++) {
    const renter = await person(`renter${i}`);
    const [conversation] = await db
      .insert(schema.conversations)
      .values({ spaceId: space.id, renterId: renter.id, hostId: host.id })
      .returning();
    renters.push({
      cookie: (await createSession(db, renter.id, "bench")).split(";")[0] as string,
      conversationId: conversation?.id as string,
    });
  }

  const measure = () => {
    (globalThis as { gc?: () => void }).gc?.();
    const usage = process.memoryUsage();
    return { rss: usage.rss, heap: usage.heapUsed + usage.external + usage.arrayBuffers };
  };
  const before = measure();

  // Each stream through the route's own loader, read as a browser would: every "changed" event wakes its waiter.
  const waiters = new Map<number, () => void>();
  const abort = new AbortController();
  const decoder = new TextDecoder();
  await Promise.all(
    renters.map(async (renter, index) => {
      const response = await eventsLoader({
        request: new Request("http://localhost/messages/events", {
          headers: { Cookie: renter.cookie },
          signal: abort.signal,
        }),
        params: {},
        context: {},
      });
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      void (async () => {
        for (;;) {
          const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
          if (done) return;
          if (decoder.decode(value).includes("event: changed")) waiters.get(index)?.();
        }
      })();
    }),
  );
  const open = openStreamCount();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const after = measure();

  const delays: number[] = [];
  for (let n = 0; n < options.messages; n++) {
    const index = n % renters.length;
    const renter = renters[index] as (typeof renters)[number];
    const heard = new Promise<void>((resolve) => waiters.set(index, resolve));
    const started = performance.now();
    const response = await handleApiRequest(
      new Request("http://localhost/api/user/sendMessage", {
        method: "POST",
        headers: { Cookie: hostCookie, "Content-Type": "application/json" },
        body: JSON.stringify({ conversationId: renter.conversationId, message: `Answer ${n}` }),
      }),
      { clientAddress: `10.0.${n % 250}.1` },
    );
    if (response.status !== 200)
      throw new Error(`sendMessage answered ${response.status}: ${await response.text()}`);
    await heard;
    delays.push(performance.now() - started);
    waiters.delete(index);
  }
  delays.sort((a, b) => a - b);
  const result = {
    database: handle.kind,
    clients: options.clients,
    openStreams: open,
    memoryPerClientKB: {
      rss: round((after.rss - before.rss) / options.clients / 1024),
      heap: round((after.heap - before.heap) / options.clients / 1024),
    },
    messages: options.messages,
    p50Ms: round(percentile(delays, 0.5)),
    p99Ms: round(percentile(delays, 0.99)),
    loadAverage: os.loadavg().map(round),
  };
  console.log(
    `  ${handle.kind}: ${open} streams held, ${result.memoryPerClientKB.heap} KB heap (${result.memoryPerClientKB.rss} KB RSS) a client; ` +
      `send → changed p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms`,
  );
  writeFileSync(options.resultFile, JSON.stringify(result, null, 2));
  abort.abort();
  closeEventStreams();
} finally {
  await stopJobs();
  await closeLiveBus();
  await closeDatabase();
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}
