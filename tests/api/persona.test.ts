import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { decideIdentityReview, IDENTITY_REVIEW_MESSAGES } from "~/core/identity-checks.server";
import { getDatabase } from "~/db/db.server";
import { identityChecks, notifications, users, webhookEvents } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { getEnv } from "~/env.server";
import { signSandboxResult } from "~/infra/identity.server";
import { log } from "~/infra/log.server";
import { action as identityWebhook } from "~/routes/webhooks+/identity";
import { type FakePersona, type SignedEvent, startFakePersona } from "../doubles/persona";
import { call, expectStatus, loggedInUser } from "./helpers";

/**
 * Identity checks through Persona (docs/decisions/0068-identity-checks-through-persona.md), against the local fake
 * (tests/doubles/persona.ts): the inquiry created server-side and its hosted flow, the result taken only from the
 * signed webhook (valid, forged, rotated and stale signatures), each event once, and the outcomes — passed, failed
 * with Persona's reason, review decided by the trust team — each told to the user.
 */

const WAIT = { timeout: 15_000, interval: 100 };
const OLD_SECRET = "wbhsec_old_0123456789";
const NEW_SECRET = "wbhsec_new_9876543210";

let fake: FakePersona;
const saved: Partial<ReturnType<typeof getEnv>> = {};
const settings = {
  IDENTITY_PROVIDER: "persona" as const,
  PERSONA_API_KEY: "persona_sandbox_fake_key",
  PERSONA_TEMPLATE_ID: "itmpl_fake0123456789",
  PERSONA_WEBHOOK_SECRET: [OLD_SECRET, NEW_SECRET],
};

beforeAll(async () => {
  fake = await startFakePersona({
    apiKey: settings.PERSONA_API_KEY,
    templateId: settings.PERSONA_TEMPLATE_ID,
    webhookSecrets: [NEW_SECRET],
  });
  const env = getEnv();
  for (const key of [...Object.keys(settings), "PERSONA_API_URL", "PERSONA_FLOW_URL"] as const)
    Object.assign(saved, { [key]: env[key as keyof typeof env] });
  Object.assign(env, settings, { PERSONA_API_URL: fake.apiUrl, PERSONA_FLOW_URL: fake.flowUrl });
});

afterAll(async () => {
  Object.assign(getEnv(), saved);
  await fake.close();
});

async function db() {
  return (await getDatabase()).db;
}

async function userRow(id: string) {
  const [row] = await (await db()).select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("no such user");
  return row;
}

async function checkOf(inquiryId: string) {
  const [row] = await (await db())
    .select()
    .from(identityChecks)
    .where(eq(identityChecks.providerCheckId, inquiryId));
  if (!row) throw new Error(`no check of ${inquiryId}`);
  return row;
}

async function identityNotices(userId: string) {
  return (await db())
    .select({ title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, "identityUpdate")));
}

/** The identity events' jobs still to run. */
async function jobsLeft(): Promise<number> {
  const rows = (await (
    await db()
  ).execute(
    sql`select count(*)::int as n from pgboss.job where name = 'identity-events' and state in ('created', 'retry', 'active')`,
  )) as unknown as { rows: { n: number }[] };
  return rows.rows[0]?.n ?? 0;
}

function webhook(event: SignedEvent) {
  const request = new Request("http://localhost/webhooks/identity", {
    method: "POST",
    headers: event.headers,
    body: event.body,
  });
  return identityWebhook({ request, params: {}, context: {} });
}

/** A user who started a check: Persona's inquiry id and where the browser was sent. */
async function aStartedCheck() {
  const me = await loggedInUser();
  const answer = await call<{ redirectUrl: string }>("POST", "/user/persona", {
    cookie: me.cookie,
    body: { action: "start" },
  });
  expectStatus(answer, 302, "Continue to the identity check.");
  const flow = new URL(answer.body.result.redirectUrl);
  const inquiryId = flow.searchParams.get("inquiry-id") as string;
  return { me, flow, inquiryId };
}

describe("starting a check through Persona", () => {
  it("creates an inquiry server-side with the user's reference-id and sends the browser to its hosted flow", async () => {
    const { me, flow, inquiryId } = await aStartedCheck();
    expect(`${flow.origin}${flow.pathname}`).toBe(fake.flowUrl);
    expect(inquiryId).toMatch(/^inq_[0-9a-f]{24}$/);
    expect(flow.searchParams.get("redirect-uri")).toBe(
      "http://localhost/user-profile/profile-persona-verification",
    );
    const check = await checkOf(inquiryId);
    expect(check).toMatchObject({ userId: me.user.id, provider: "persona", status: "pending" });
    const create = fake.calls.find(
      (entry) =>
        (entry.body as { data?: { attributes?: Record<string, unknown> } })?.data?.attributes?.[
          "reference-id"
        ] === me.user.id,
    );
    expect(create).toMatchObject({
      method: "POST",
      path: "/api/v1/inquiries",
      authorization: `Bearer ${settings.PERSONA_API_KEY}`,
      idempotencyKey: check.reference,
      body: {
        data: {
          attributes: {
            "inquiry-template-id": settings.PERSONA_TEMPLATE_ID,
            "reference-id": me.user.id,
          },
        },
      },
    });
    expect((await userRow(me.user.id)).identityStatus).toBe("pending");

    // The browser's word counts for nothing, even signed as the sandbox would sign it.
    const forged = await call("POST", "/user/persona", {
      cookie: me.cookie,
      body: {
        action: "complete",
        reference: check.reference,
        result: "passed",
        signature: signSandboxResult(check.reference, "passed"),
      },
    });
    expectStatus(forged, 409, /comes from our verification partner/);
    expect((await userRow(me.user.id)).identityStatus).toBe("pending");
  });

  it("starting again continues the inquiry in progress with a session token; once it is sent, waits for its result", async () => {
    const { me, inquiryId } = await aStartedCheck();
    const before = fake.inquiries.size;
    const again = await call<{ redirectUrl: string }>("POST", "/user/persona", {
      cookie: me.cookie,
      body: { action: "start" },
    });
    expectStatus(again, 302, "Continue to the identity check.");
    const flow = new URL(again.body.result.redirectUrl);
    expect(flow.searchParams.get("inquiry-id")).toBe(inquiryId);
    expect(flow.searchParams.get("session-token")).toMatch(/^sess_/);
    expect(fake.inquiries.size).toBe(before);
    expect(fake.calls.at(-1)).toMatchObject({ path: `/api/v1/inquiries/${inquiryId}/resume` });

    // Submitted: Persona will not resume it, and its result is on the way.
    expect((await webhook(fake.event(inquiryId, "inquiry.completed"))).status).toBe(200);
    await expect.poll(jobsLeft, WAIT).toBe(0);
    const waiting = await call("POST", "/user/persona", { cookie: me.cookie, body: { action: "start" } });
    expectStatus(waiting, 409, /has been sent and is being checked/);
    expect(fake.inquiries.size).toBe(before);
  });

  it("answers 502 and keeps no check when Persona refuses to create the inquiry", async () => {
    const errors = vi.spyOn(log, "error").mockImplementation(() => {});
    const me = await loggedInUser();
    fake.failNext(503);
    const answer = await call("POST", "/user/persona", { cookie: me.cookie, body: { action: "start" } });
    expectStatus(answer, 502, "Identity checks are not available at the moment. Please try again later.");
    expect(errors).toHaveBeenCalled();
    const checks = await (await db())
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.userId, me.user.id));
    expect(checks).toEqual([]);
    expect((await userRow(me.user.id)).identityStatus).toBe("none");
  });
});

describe("Persona's signed webhook", () => {
  it("approved: the user is verified and told, once however often the event is delivered", async () => {
    const { me, inquiryId } = await aStartedCheck();
    const approved = fake.event(inquiryId, "inquiry.approved");
    const first = await webhook(approved);
    expect(first.status).toBe(200);
    expect(await first.text()).toBe("Received.");
    await expect.poll(async () => (await userRow(me.user.id)).identityStatus, WAIT).toBe("passed");
    expect((await userRow(me.user.id)).identityCheckedAt).not.toBeNull();
    expect(await checkOf(inquiryId)).toMatchObject({ status: "passed", reason: null });

    const replay = await webhook(approved);
    expect(replay.status).toBe(200);
    expect(await replay.text()).toBe("Already received.");
    const eventId = JSON.parse(approved.body).data.id as string;
    const taken = await (await db()).select().from(webhookEvents).where(eq(webhookEvents.eventId, eventId));
    expect(taken).toHaveLength(1);
    await expect.poll(() => identityNotices(me.user.id), WAIT).toHaveLength(1);
    expect((await identityNotices(me.user.id))[0]).toEqual({
      title: "Your identity is verified",
      body: "Your identity check passed. Your profile now shows the verified badge.",
      link: "/user-profile/profile-persona-verification",
    });
  });

  it("declined: the check fails with Persona's reason, the user is told it, and can start again", async () => {
    const { me, inquiryId } = await aStartedCheck();
    const declined = fake.event(inquiryId, "inquiry.declined", {
      failedChecks: ["id_expired", "selfie_id_comparison"],
    });
    expect((await webhook(declined)).status).toBe(200);
    await expect.poll(async () => (await userRow(me.user.id)).identityStatus, WAIT).toBe("failed");
    const reason = "Persona could not verify: id expired, selfie id comparison.";
    expect(await checkOf(inquiryId)).toMatchObject({ status: "failed", reason });
    await expect.poll(() => identityNotices(me.user.id), WAIT).toHaveLength(1);
    expect((await identityNotices(me.user.id))[0]?.body).toContain(`Reason: ${reason}`);

    const again = await call("POST", "/user/persona", { cookie: me.cookie, body: { action: "start" } });
    expectStatus(again, 302);
  });

  it("completed is no decision yet; declined is; an older event arriving late changes nothing", async () => {
    const { me, inquiryId } = await aStartedCheck();
    const now = Date.now();
    const completed = fake.event(inquiryId, "inquiry.completed", { createdAt: new Date(now - 60_000) });
    const declined = fake.event(inquiryId, "inquiry.declined", { createdAt: new Date(now - 30_000) });
    const earlier = fake.event(inquiryId, "inquiry.approved", { createdAt: new Date(now - 45_000) });
    expect((await webhook(completed)).status).toBe(200);
    await expect.poll(jobsLeft, WAIT).toBe(0);
    expect((await userRow(me.user.id)).identityStatus).toBe("pending");
    expect(await identityNotices(me.user.id)).toEqual([]);
    expect((await webhook(declined)).status).toBe(200);
    await expect.poll(async () => (await userRow(me.user.id)).identityStatus, WAIT).toBe("failed");
    expect((await webhook(earlier)).status).toBe(200);
    // The late approval is taken (its event id is new) but older than the decline: still failed.
    await expect.poll(jobsLeft, WAIT).toBe(0);
    expect(await identityNotices(me.user.id)).toHaveLength(1);
    expect((await checkOf(inquiryId)).status).toBe("failed");
    expect((await userRow(me.user.id)).identityStatus).toBe("failed");
  });

  it("a review Persona's own reviewers decide: their approval verifies the user", async () => {
    const { me, inquiryId } = await aStartedCheck();
    await webhook(fake.event(inquiryId, "inquiry.marked-for-review"));
    await expect.poll(async () => (await userRow(me.user.id)).identityStatus, WAIT).toBe("review");
    await webhook(fake.event(inquiryId, "inquiry.approved"));
    await expect.poll(async () => (await userRow(me.user.id)).identityStatus, WAIT).toBe("passed");
  });

  it("marked for review: the user is in the trust team's queue, told so, until the team decides", async () => {
    const { me, inquiryId } = await aStartedCheck();
    expect((await webhook(fake.event(inquiryId, "inquiry.marked-for-review"))).status).toBe(200);
    await expect.poll(async () => (await userRow(me.user.id)).identityStatus, WAIT).toBe("review");
    await expect.poll(() => identityNotices(me.user.id), WAIT).toHaveLength(1);
    expect((await identityNotices(me.user.id))[0]?.title).toBe("Your identity check is being reviewed");
    // In review, a new check cannot be started: the team decides this one.
    const again = await call("POST", "/user/persona", { cookie: me.cookie, body: { action: "start" } });
    expectStatus(again, 409, /being reviewed by our team/);

    const database = await db();
    await expect(decideIdentityReview(database, me.user.id, "failed", " ")).rejects.toThrow(
      IDENTITY_REVIEW_MESSAGES.reasonRequired,
    );
    await decideIdentityReview(database, me.user.id, "failed", "The ID photo is of another person.");
    expect(await checkOf(inquiryId)).toMatchObject({
      status: "failed",
      reason: "The ID photo is of another person.",
    });
    expect(await userRow(me.user.id)).toMatchObject({ identityStatus: "failed" });
    const notices = await identityNotices(me.user.id);
    expect(notices.map((notice) => notice.title)).toContain("Your identity check did not pass");
    expect(notices.find((notice) => notice.title === "Your identity check did not pass")?.body).toContain(
      "Reason: The ID photo is of another person.",
    );
    // The trust team's decision stands: a later event of Persona's changes nothing.
    expect((await webhook(fake.event(inquiryId, "inquiry.approved"))).status).toBe(200);
    await expect.poll(jobsLeft, WAIT).toBe(0);
    expect(await userRow(me.user.id)).toMatchObject({ identityStatus: "failed" });
    // Decided once: a second decision finds nothing in review.
    const twice = decideIdentityReview(database, me.user.id, "passed");
    await expect(twice).rejects.toBeInstanceOf(DomainError);
    await expect(twice).rejects.toThrow(IDENTITY_REVIEW_MESSAGES.notInReview);
  });

  it("the trust team passes a reviewed check: verified", async () => {
    const { me, inquiryId } = await aStartedCheck();
    await webhook(fake.event(inquiryId, "inquiry.marked-for-review"));
    await expect.poll(async () => (await userRow(me.user.id)).identityStatus, WAIT).toBe("review");
    await decideIdentityReview(await db(), me.user.id, "passed");
    expect(await userRow(me.user.id)).toMatchObject({ identityStatus: "passed" });
    expect(await checkOf(inquiryId)).toMatchObject({ status: "passed", reason: null });
  });

  it("refuses a forged signature, a stale timestamp and a missing header; takes either secret while rotating", async () => {
    const { me, inquiryId } = await aStartedCheck();
    const forged = fake.event(inquiryId, "inquiry.approved", { secrets: ["wbhsec_someone_else"] });
    const refused = await webhook(forged);
    expect(refused.status).toBe(401);
    expect(await refused.text()).toBe("Refused: signature does not match.");

    const stale = fake.event(inquiryId, "inquiry.approved", { at: Math.floor(Date.now() / 1000) - 600 });
    const late = await webhook(stale);
    expect(late.status).toBe(401);
    expect(await late.text()).toBe("Refused: timestamp out of tolerance.");

    const bare = fake.event(inquiryId, "inquiry.approved");
    const unsigned = await webhook({ body: bare.body, headers: { "Content-Type": "application/json" } });
    expect(unsigned.status).toBe(401);
    // A body changed after signing is not Persona's.
    const tampered = await webhook({
      body: bare.body.replace("approved", "declined"),
      headers: bare.headers,
    });
    expect(tampered.status).toBe(401);
    expect((await userRow(me.user.id)).identityStatus).toBe("pending");

    // During a rotation Persona signs with both secrets, one pair each; either one of ours matches.
    const rotated = fake.event(inquiryId, "inquiry.approved", { secrets: ["wbhsec_unknown", OLD_SECRET] });
    expect(rotated.headers["Persona-Signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64} t=\d+,v1=[0-9a-f]{64}$/);
    expect((await webhook(rotated)).status).toBe(200);
    await expect.poll(async () => (await userRow(me.user.id)).identityStatus, WAIT).toBe("passed");
  });

  it("changes nothing for an event whose reference-id is another user, or of no check of ours", async () => {
    const warnings = vi.spyOn(log, "warn").mockImplementation(() => {});
    const { me, inquiryId } = await aStartedCheck();
    const inquiry = fake.inquiries.get(inquiryId);
    if (!inquiry) throw new Error("no inquiry");
    inquiry.referenceId = "someone-else";
    expect((await webhook(fake.event(inquiryId, "inquiry.approved"))).status).toBe(200);
    fake.inquiries.set("inq_not_ours", {
      id: "inq_not_ours",
      referenceId: me.user.id,
      status: "created",
    });
    expect((await webhook(fake.event("inq_not_ours", "inquiry.approved"))).status).toBe(200);
    await expect.poll(() => warnings.mock.calls.length, WAIT).toBeGreaterThanOrEqual(2);
    expect((await userRow(me.user.id)).identityStatus).toBe("pending");
    warnings.mockRestore();
  });

  it("answers 400 to a signed body that is not an event", async () => {
    const { inquiryId } = await aStartedCheck();
    const signed = fake.event(inquiryId, "inquiry.approved");
    const header = signed.headers["Persona-Signature"] as string;
    const body = "{}";
    const stamp = /t=(\d+)/.exec(header)?.[1] as string;
    const { createHmac } = await import("node:crypto");
    const v1 = createHmac("sha256", NEW_SECRET).update(`${stamp}.${body}`).digest("hex");
    const answer = await webhook({ body, headers: { "Persona-Signature": `t=${stamp},v1=${v1}` } });
    expect(answer.status).toBe(400);
  });
});
