import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "~/db/db.server";
import { messages, notifications, users } from "~/db/schema";
import { startJobs } from "~/infra/jobs.server";
import { log } from "~/infra/log.server";
import { mailQueue } from "~/infra/mail.server";
import { aHostAndARenter } from "./booking-fixtures";
import { call, expectStatus, signupBody, uniqueEmail, waitForMail } from "./helpers";

/**
 * Writes that fail half-way keep nothing (docs/decisions/0043-jobs-survive-crashes.md): a sign-up or a message is
 * one transaction with the jobs it enqueues. The failure is a real one, raised by the database: a trigger refuses
 * the write that comes after the first, as a full disk or a lost connection would.
 */
async function failInsertsInto(table: string) {
  const { db } = await getDatabase();
  // The API logs the refused write as the 500 it answers: expected here, until the write is possible again.
  const errorLog = vi.spyOn(log, "error").mockImplementation(() => {});
  await db.execute(
    sql.raw(`create or replace function half_way_failure() returns trigger language plpgsql as $$
      begin raise exception 'the database refused this write'; end $$`),
  );
  await db.execute(
    sql.raw(
      `create trigger half_way_failure before insert on ${table} for each row execute function half_way_failure()`,
    ),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger half_way_failure on ${table}`));
    errorLog.mockRestore();
  };
}

let heal: (() => Promise<void>) | undefined;
afterEach(async () => {
  await heal?.();
  heal = undefined;
});

async function mailJobsTo(to: string) {
  const boss = await startJobs();
  return boss.findJobs(mailQueue.name, { data: { to } });
}

describe("a sign-up whose session could not be stored", () => {
  it("keeps no account and no welcome mail, and the owner's second try makes the account once", async () => {
    const email = uniqueEmail("half-way");
    const body = signupBody({ email });
    heal = await failInsertsInto("sessions");
    const failed = await call("POST", "/user/userSignup", { body });
    expect(failed.status, JSON.stringify(failed.body)).toBe(500);
    const { db } = await getDatabase();
    expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await mailJobsTo(email)).toEqual([]);

    await heal();
    heal = undefined;
    const retried = await call("POST", "/user/userSignup", { body });
    expectStatus(retried, 200, "Your account has been created.");
    expect(retried.headers.get("Set-Cookie")).toBeTruthy();
    expect(await db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
    await waitForMail(email, "Welcome to Space Solution");
    expect(await mailJobsTo(email)).toHaveLength(1);
  });
});

describe("a message whose notice could not be written", () => {
  it("keeps no message, and the second try posts it once, with one notice and one mail", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const text = "Is there a ramp for a hand truck?";
    heal = await failInsertsInto("notifications");
    const failed = await call("POST", "/user/sendMessage", {
      cookie: renter.cookie,
      body: { spaceId: space.id, message: text },
    });
    expect(failed.status).toBe(500);
    const { db } = await getDatabase();
    expect(await db.select().from(messages).where(eq(messages.body, text))).toEqual([]);
    expect(await mailJobsTo(host.email)).toEqual([]);

    await heal();
    heal = undefined;
    const sent = await call<{ conversationId: string }>("POST", "/user/sendMessage", {
      cookie: renter.cookie,
      body: { spaceId: space.id, message: text },
    });
    expectStatus(sent, 200);
    expect(await db.select().from(messages).where(eq(messages.body, text))).toHaveLength(1);
    expect(await db.select().from(notifications).where(eq(notifications.userId, host.user.id))).toHaveLength(
      1,
    );
    expect(await mailJobsTo(host.email)).toHaveLength(1);
  });
});
