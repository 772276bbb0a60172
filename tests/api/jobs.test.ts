import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import {
  defineQueue,
  registerQueues,
  SCHEDULE_TIME_ZONE,
  schedule,
  send,
  startJobs,
} from "~/infra/jobs.server";

/**
 * The job service on this file's own database (PGlite, and PostgreSQL when TEST_DATABASE_URL is set), with queues
 * that exist only here. Waits poll for the state they expect, with a deadline, never a fixed sleep.
 */
type Work = { tag: string };
/** When each tag's job ran (Date.now() in the worker). */
const ran = new Map<string, number>();
const record = async ({ tag }: Work) => {
  ran.set(tag, Date.now());
};

const later = defineQueue<Work>("test-later", record);
const windowed = defineQueue<Work>("test-windowed", record);
const exclusive = defineQueue<Work>("test-exclusive", record, { policy: "exclusive" });
const monthly = defineQueue<Work>("test-monthly", record);
const listed = [later, windowed, exclusive, monthly];

const WAIT = { timeout: 15_000, interval: 100 };

beforeAll(async () => {
  registerQueues(listed);
  await startJobs();
});

async function jobsOf(queueName: string, tag: string) {
  const boss = await startJobs();
  return boss.findJobs<Work>(queueName, { data: { tag } });
}

describe("registration at start", () => {
  it("creates exactly the listed queues", async () => {
    const boss = await startJobs();
    const names = (await boss.getQueues())
      .map((queue) => queue.name)
      // pg-boss's own queue for cron schedules.
      .filter((name) => !name.startsWith("__pgboss__"));
    expect(names.sort()).toEqual(listed.map((queue) => queue.name).sort());
    expect((await boss.getQueue("test-exclusive"))?.policy).toBe("exclusive");
  });
});

describe("send after a delay", () => {
  it("does not run the job before its time, and runs it after", async () => {
    const tag = randomUUID();
    const due = new Date(Date.now() + 2_000);
    const id = await send(later, { tag }, { startAfter: due });
    expect(id).toEqual(expect.any(String));
    expect((await jobsOf(later.name, tag)).map((job) => job.state)).toEqual(["created"]);
    await expect.poll(() => ran.get(tag), WAIT).toBeDefined();
    expect(ran.get(tag)).toBeGreaterThanOrEqual(due.getTime());
  });

  it("takes a number of seconds as well", async () => {
    const tag = randomUUID();
    const sentAt = Date.now();
    await send(later, { tag }, { startAfter: 1 });
    await expect.poll(() => ran.get(tag), WAIT).toBeDefined();
    expect(ran.get(tag)).toBeGreaterThanOrEqual(sentAt + 1_000);
  });
});

describe("send inside the caller's transaction", () => {
  it("a job enqueued in a transaction that rolls back never exists", async () => {
    const { db } = await getDatabase();
    const tag = randomUUID();
    await expect(
      db.transaction(async (tx) => {
        await send(later, { tag }, { transaction: tx });
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await jobsOf(later.name, tag)).toEqual([]);
  });

  it("a job enqueued in a transaction that commits exists and runs", async () => {
    const { db } = await getDatabase();
    const tag = randomUUID();
    const id = await db.transaction((tx) => send(later, { tag }, { transaction: tx }));
    expect((await jobsOf(later.name, tag)).map((job) => job.id)).toEqual([id]);
    await expect.poll(() => ran.get(tag), WAIT).toBeDefined();
  });

  it("refuses a send in a transaction to a queue the job service did not start with", async () => {
    const { db } = await getDatabase();
    const stray = defineQueue<Work>("test-not-listed", record);
    await expect(
      db.transaction((tx) => send(stray, { tag: randomUUID() }, { transaction: tx })),
    ).rejects.toThrow(
      'Enqueue "test-not-listed" in a transaction only once the job queue has started with it.',
    );
  });
});

describe("singleton keys", () => {
  it("two sends with one key in one window give one job; another key gets its own", async () => {
    const key = `space-${randomUUID()}`;
    const first = randomUUID();
    const second = randomUUID();
    const options = { singletonKey: key, singletonSeconds: 60, startAfter: 60 };
    expect(await send(windowed, { tag: first }, options)).toEqual(expect.any(String));
    expect(await send(windowed, { tag: second }, options)).toBeNull();
    const boss = await startJobs();
    expect((await boss.findJobs<Work>(windowed.name, { key })).map((job) => job.data.tag)).toEqual([first]);
    expect(await send(windowed, { tag: second }, { ...options, singletonKey: `${key}-other` })).toEqual(
      expect.any(String),
    );
  });

  it("on an exclusive queue, no second job with the key while one waits", async () => {
    const key = `booking-${randomUUID()}`;
    const first = randomUUID();
    expect(await send(exclusive, { tag: first }, { singletonKey: key, startAfter: 60 })).toEqual(
      expect.any(String),
    );
    expect(await send(exclusive, { tag: randomUUID() }, { singletonKey: key })).toBeNull();
    const boss = await startJobs();
    expect((await boss.findJobs<Work>(exclusive.name, { key })).map((job) => job.data.tag)).toEqual([first]);
  });
});

describe("cron schedules", () => {
  it("are stored with the time zone Asia/Manila, one row per queue and key", async () => {
    await schedule(monthly, "0 9 1 * *", { tag: "bills" });
    await schedule(monthly, "0 9 1 * *", { tag: "bills" });
    await schedule(monthly, "0 17 * * 1", { tag: "payouts" }, { key: "payouts" });
    const boss = await startJobs();
    const rows = await boss.getSchedules(monthly.name);
    expect(SCHEDULE_TIME_ZONE).toBe("Asia/Manila");
    expect(rows.map(({ key, cron, timezone, data }) => ({ key, cron, timezone, data }))).toEqual(
      expect.arrayContaining([
        { key: "", cron: "0 9 1 * *", timezone: "Asia/Manila", data: { tag: "bills" } },
        { key: "payouts", cron: "0 17 * * 1", timezone: "Asia/Manila", data: { tag: "payouts" } },
      ]),
    );
    expect(rows).toHaveLength(2);
  });
});
