import { randomInt, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { runJob } from "~/infra/jobs.server";
import { SEMAPHORE_MESSAGES_PATH, SEMAPHORE_OTP_PATH, SmsRateLimited } from "~/infra/semaphore.server";
import { type FakeSemaphore, startFakeSemaphore } from "~/infra/semaphore.testing";
import { smsQueue } from "~/infra/sms.server";
import { call, expectStatus, loggedInUser } from "./helpers";

/**
 * Text messages through Semaphore (docs/decisions/0069-sms-through-semaphore.md), with the app's `sms` job and a
 * local fake of Semaphore (app/infra/semaphore.testing.ts): a phone code goes to its OTP endpoint and is the code the
 * app checks; its rate limit fails the job's run, and the job's retry delivers it, once.
 */

const API_KEY = "semaphore-api-key-a1b2c3d4";
let fake: FakeSemaphore;
const saved: Partial<ReturnType<typeof getEnv>> = {};

beforeAll(async () => {
  fake = await startFakeSemaphore(API_KEY);
  const env = getEnv();
  Object.assign(saved, {
    SEMAPHORE_API_KEY: env.SEMAPHORE_API_KEY,
    SEMAPHORE_API_URL: env.SEMAPHORE_API_URL,
  });
  Object.assign(env, { SEMAPHORE_API_KEY: API_KEY, SEMAPHORE_API_URL: fake.url });
});

afterAll(async () => {
  Object.assign(getEnv(), saved);
  await fake.close();
});

function uniquePhone(): string {
  return `09${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
}

describe("SMS through Semaphore", () => {
  it("texts the phone code through the OTP endpoint, and that code verifies the number", async () => {
    const me = await loggedInUser();
    const phoneNumber = uniquePhone();
    expectStatus(await call("POST", "/user/mobileOtp", { cookie: me.cookie, body: { phoneNumber } }), 200);
    let code: string | undefined;
    await expect
      .poll(
        () => {
          code = fake.calls.find((entry) => entry.form.number === phoneNumber && entry.status === 200)?.form
            .code;
          return code;
        },
        { timeout: 15_000, interval: 100 },
      )
      .toMatch(/^\d{6}$/);
    const sent = fake.calls.find((entry) => entry.form.number === phoneNumber);
    expect(sent?.path).toBe(SEMAPHORE_OTP_PATH);
    expect(sent?.form.message).toMatch(/^\{otp\} is your Space Solution code\./);
    expect(sent?.form.message).not.toContain(code);
    const verified = await call("POST", "/user/verifyOtp", {
      cookie: me.cookie,
      body: { phoneNumber, otp: code },
    });
    expectStatus(verified, 200);
  });

  it("a run refused by the rate limit fails; the job's retry delivers the notice, and only once", async () => {
    const to = uniquePhone();
    const sms = { to, text: "Space Solution: Your identity is verified." };
    const id = randomUUID();
    fake.rateLimitNext(1);
    await expect(runJob(smsQueue, sms, id)).rejects.toBeInstanceOf(SmsRateLimited);
    await runJob(smsQueue, sms, id);
    // A run after the delivery (the worker died before marking the job done) sends nothing again.
    await runJob(smsQueue, sms, id);
    const toThem = fake.calls.filter((entry) => entry.form.number === to);
    expect(toThem.map((entry) => [entry.path, entry.status])).toEqual([
      [SEMAPHORE_MESSAGES_PATH, 429],
      [SEMAPHORE_MESSAGES_PATH, 200],
    ]);
  });
});
