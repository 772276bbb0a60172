import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { notifications } from "~/db/schema";
import { defineQueue, HEARTBEAT_SECONDS, registerQueues, runJob, send, startJobs } from "~/infra/jobs.server";
import { listSunkMail, mailQueue } from "~/infra/mail.server";
import { notify } from "~/infra/notify.server";
import { listSunkSms, smsQueue } from "~/infra/sms.server";
import { QUEUES } from "~/jobs/queues.server";
import { loggedInUser } from "./helpers";

/**
 * Jobs survive a dead worker, and what they do outside their transaction happens once per job
 * (docs/decisions/0043-jobs-survive-crashes.md). A job's second run under the same id is what pg-boss does after its
 * process died or it expired; `runJob` runs one in this process as a worker would.
 */
type Work = { tag: string };
const runs = new Map<string, number>();
const orphaned = defineQueue<Work>(
  "test-orphaned",
  async ({ tag }) => {
    runs.set(tag, (runs.get(tag) ?? 0) + 1);
  },
  { jobSeconds: 3, retryDelay: 1 },
);

beforeAll(async () => {
  registerQueues([...QUEUES, orphaned]);
  await startJobs();
});

describe("a job whose worker died", () => {
  it("is taken back within a minute, not after the 15 minutes of pg-boss's default expiry", async () => {
    const boss = await startJobs();
    const tag = randomUUID();
    // Deferred, so no worker of this process takes it before it is made to look like a dead worker's job.
    const id = await send(orphaned, { tag }, { startAfter: 3600 });
    if (!id) throw new Error("no job");
    const queue = await boss.getQueue(orphaned.name);
    if (!queue) throw new Error("no queue");
    // What a process killed mid-run leaves: the job active, its last heartbeat a while ago, nobody running it.
    const { db } = await getDatabase();
    await db.execute(
      sql.raw(`update pgboss.${queue.table} set state = 'active', start_after = now(), started_on = now(),
        heartbeat_on = now() - interval '${HEARTBEAT_SECONDS + 1} seconds' where id = '${id}'`),
    );
    await expect.poll(() => runs.get(tag), { timeout: 50_000, interval: 250 }).toBe(1);
    await expect
      .poll(async () => (await boss.getJobById(orphaned.name, id))?.state, { timeout: 10_000, interval: 250 })
      .toBe("completed");
    expect((await boss.getJobById(orphaned.name, id))?.retryCount).toBe(1);
  }, 60_000);

  it("expires in line with its work, and has a heartbeat", async () => {
    const boss = await startJobs();
    const queue = await boss.getQueue(orphaned.name);
    // A worker's whole fetch (ten jobs) of this queue's three-second jobs.
    expect(queue?.expireInSeconds).toBe(30);
    expect(queue?.heartbeatSeconds).toBe(HEARTBEAT_SECONDS);
    const mail = await boss.getQueue(mailQueue.name);
    expect(mail?.expireInSeconds).toBe(mailQueue.jobSeconds * 10);
    const id = await send(orphaned, { tag: randomUUID() }, { startAfter: 3600 });
    const job = await boss.getJobById(orphaned.name, id as string);
    expect(job?.heartbeatSeconds).toBe(HEARTBEAT_SECONDS);
    expect(job?.expireInSeconds).toBe(30);
  });
});

describe("a job run again", () => {
  it("hands its e-mail over once", async () => {
    const to = `once-${randomUUID()}@example.ph`;
    const id = randomUUID();
    const mail = { to, subject: "Your booking is approved", text: "See you soon." };
    await runJob(mailQueue, mail, id);
    await runJob(mailQueue, mail, id);
    expect((await listSunkMail()).filter((sunk) => sunk.to === to)).toHaveLength(1);
    // Another job with the same message is another e-mail.
    await runJob(mailQueue, mail);
    expect((await listSunkMail()).filter((sunk) => sunk.to === to)).toHaveLength(2);
  });

  it("hands its text message over once", async () => {
    const to = `+63917${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;
    const id = randomUUID();
    await runJob(smsQueue, { to, text: "Space Solution: your code is 123456" }, id);
    await runJob(smsQueue, { to, text: "Space Solution: your code is 123456" }, id);
    expect((await listSunkSms()).filter((sunk) => sunk.to === to)).toHaveLength(1);
  });

  it("writes its notice and enqueues its mail once, even if it died after telling", async () => {
    const renter = await loggedInUser({ nickName: "Ria", emailNotifications: true });
    const news = defineQueue<{ userId: string }>("test-news", async ({ userId }) => {
      await notify({
        userId,
        kind: "bookingUpdate",
        data: {
          name: "Ria",
          role: "renter",
          spaceTitle: "Dry room",
          bookingNumber: "SS-000123",
          headline: "approved",
          what: "The host approved the booking.",
          startDate: "1 June 2026",
          endDate: "31 August 2026",
          bookingLink: "https://spacesolution.ph/bookings/b",
          bookingPath: "/bookings/b",
        },
      });
    });
    const id = randomUUID();
    await runJob(news, { userId: renter.user.id }, id);
    await runJob(news, { userId: renter.user.id }, id);
    const { db } = await getDatabase();
    expect(
      await db.select().from(notifications).where(eq(notifications.userId, renter.user.id)),
    ).toHaveLength(1);
    const boss = await startJobs();
    expect(await boss.findJobs(mailQueue.name, { data: { to: renter.email } })).toHaveLength(1);
  });
});
