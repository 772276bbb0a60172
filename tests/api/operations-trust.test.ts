import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { fileReport } from "~/core/reports.server";
import { getDatabase } from "~/db/db.server";
import { contactMessages, identityChecks, reports, spaces, users } from "~/db/schema";
import { aHostAndARenter } from "./booking-fixtures";
import { call, expectStatus, loggedInUser, uniqueEmail, waitForMail } from "./helpers";
import { anOperator, auditRows, expectNoSuchCall } from "./operator-fixtures";

/**
 * The console's trust and support queues (docs/operations.md): identity checks in review, reports and the support
 * inbox — who may call them (nobody else learns they exist) and that each action writes its audit row.
 */

const SOME_ID = "00000000-0000-4000-8000-000000000009";

const CALLS: { method: string; path: string; needs: "read" | "moderate"; body?: unknown }[] = [
  { method: "GET", path: "/operations/identityChecks", needs: "moderate" },
  { method: "GET", path: `/operations/identityCheck?userId=${SOME_ID}`, needs: "moderate" },
  {
    method: "POST",
    path: "/operations/decideIdentity",
    needs: "moderate",
    body: { userId: SOME_ID, decision: "passed", note: "x" },
  },
  { method: "GET", path: "/operations/reports", needs: "read" },
  { method: "GET", path: `/operations/report?reportId=${SOME_ID}`, needs: "read" },
  {
    method: "POST",
    path: "/operations/actOnReport",
    needs: "moderate",
    body: { reportId: SOME_ID, action: "dismiss", note: "x" },
  },
  { method: "GET", path: "/operations/supportMessages", needs: "read" },
  { method: "GET", path: `/operations/supportMessage?kind=contactUs&id=${SOME_ID}`, needs: "read" },
  {
    method: "POST",
    path: "/operations/replySupport",
    needs: "read",
    body: { kind: "contactUs", id: SOME_ID, text: "x" },
  },
  {
    method: "POST",
    path: "/operations/setSupportStatus",
    needs: "read",
    body: { kind: "contactUs", id: SOME_ID, status: "closed" },
  },
];

describe("who may call the trust and support queues", () => {
  it("answers a visitor, a user, an operator before their code and support on trust's calls as a path that does not exist", async () => {
    const user = await loggedInUser();
    const notSignedIn = await anOperator("trust", false);
    const support = await anOperator("support");
    for (const { method, path, needs, body } of CALLS) {
      for (const cookie of [undefined, user.cookie, notSignedIn.cookie])
        expectNoSuchCall(await call(method, path, { cookie, body }), method, path);
      const asSupport = await call(method, path, { cookie: support.cookie, body });
      if (needs === "moderate") expectNoSuchCall(asSupport, method, path);
      else expect(asSupport.body.responseMessage).not.toMatch(/^There is no API call/);
    }
  });
});

describe("the identity checks queue", () => {
  it("lists a user in review with the provider's check, and trust approves it with an audit row", async () => {
    const { db } = await getDatabase();
    const trust = await anOperator("trust");
    const { user } = await loggedInUser({ firstName: "Rosa" });
    const providerCheckId = `inq_${user.id.slice(0, 8)}`;
    await db.insert(identityChecks).values({
      userId: user.id,
      provider: "persona",
      reference: `ref-${user.id}`,
      providerCheckId,
      status: "review",
    });
    await db.update(users).set({ identityStatus: "review" }).where(eq(users.id, user.id));

    const list = await call<{ userId: string; check: { providerCheckId: string } }[]>(
      "GET",
      `/operations/identityChecks?q=${encodeURIComponent(user.email)}`,
      { cookie: trust.cookie },
    );
    expectStatus(list, 200);
    expect(list.body.result).toEqual([
      expect.objectContaining({ userId: user.id, check: expect.objectContaining({ providerCheckId }) }),
    ]);

    const noNote = await call("POST", "/operations/decideIdentity", {
      cookie: trust.cookie,
      body: { userId: user.id, decision: "passed", note: " " },
    });
    expect(noNote.status).toBe(400);
    const decided = await call("POST", "/operations/decideIdentity", {
      cookie: trust.cookie,
      body: { userId: user.id, decision: "passed", note: "The selfie matches the ID." },
    });
    expectStatus(decided, 200);
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after?.identityStatus).toBe("passed");
    const rows = await auditRows(user.id);
    expect(rows).toEqual([
      expect.objectContaining({
        action: "identity.pass",
        operatorId: trust.user.id,
        note: "The selfie matches the ID.",
      }),
    ]);
    const again = await call("POST", "/operations/decideIdentity", {
      cookie: trust.cookie,
      body: { userId: user.id, decision: "failed", reason: "Blurry", note: "x" },
    });
    expect(again.status).toBe(409);
    expect(await auditRows(user.id)).toHaveLength(1);
  });
});

describe("the reports queue", () => {
  it("support sees a report; trust hides the reported listing, the report closed and both audited", async () => {
    const { db } = await getDatabase();
    const { space, renter } = await aHostAndARenter();
    const report = await fileReport(db, renter.user.id, {
      kind: "listing",
      targetId: space.id,
      reason: "scam",
      note: "The host asked for payment outside the app.",
    });
    const support = await anOperator("support");
    const seen = await call<{ id: string; context: { kind: string } }>(
      "GET",
      `/operations/report?reportId=${report.id}`,
      { cookie: support.cookie },
    );
    expectStatus(seen, 200);
    expect(seen.body.result.context.kind).toBe("listing");

    const trust = await anOperator("trust");
    const acted = await call("POST", "/operations/actOnReport", {
      cookie: trust.cookie,
      body: {
        reportId: report.id,
        action: "hideListing",
        reason: "Asks for payment outside.",
        note: "Scam report checked.",
      },
    });
    expectStatus(acted, 200);
    const [listing] = await db.select().from(spaces).where(eq(spaces.id, space.id));
    expect(listing?.hiddenReason).toBe("Asks for payment outside.");
    const [closed] = await db.select().from(reports).where(eq(reports.id, report.id));
    expect(closed?.status).toBe("actioned");
    expect((await auditRows(report.id)).map((row) => row.action)).toEqual(["report.action"]);
    expect((await auditRows(space.id)).map((row) => row.action)).toEqual(["listing.hide"]);
  });

  it("keeps nothing when the action is refused: a hidden listing cannot be hidden again, the report stays open", async () => {
    const { db } = await getDatabase();
    const { space, renter } = await aHostAndARenter();
    const report = await fileReport(db, renter.user.id, {
      kind: "listing",
      targetId: space.id,
      reason: "unsafe",
      note: "",
    });
    await db
      .update(spaces)
      .set({ hiddenAt: new Date(), hiddenReason: "Earlier" })
      .where(eq(spaces.id, space.id));
    const trust = await anOperator("trust");
    const refused = await call("POST", "/operations/actOnReport", {
      cookie: trust.cookie,
      body: { reportId: report.id, action: "hideListing", reason: "Again", note: "x" },
    });
    expect(refused.status).toBe(409);
    const [still] = await db.select().from(reports).where(eq(reports.id, report.id));
    expect(still?.status).toBe("open");
    expect(await auditRows(report.id)).toEqual([]);

    const dismissed = await call("POST", "/operations/actOnReport", {
      cookie: trust.cookie,
      body: { reportId: report.id, action: "dismiss", note: "Already hidden." },
    });
    expectStatus(dismissed, 200);
    expect((await auditRows(report.id)).map((row) => row.action)).toEqual(["report.dismiss"]);
  });
});

describe("the support inbox", () => {
  it("support replies to a contact-us message: the sender is mailed, the message answered, the reply audited", async () => {
    const { db } = await getDatabase();
    const email = uniqueEmail("lito");
    const [message] = await db
      .insert(contactMessages)
      .values({ name: "Lito", email, topic: "booking", message: "Can I extend my booking?" })
      .returning();
    if (!message) throw new Error("not stored");
    const support = await anOperator("support");
    const inbox = await call<{ id: string }[]>(
      "GET",
      "/operations/supportMessages?kind=contactUs&status=new",
      {
        cookie: support.cookie,
      },
    );
    expectStatus(inbox, 200);
    expect(inbox.body.result.map((row) => row.id)).toContain(message.id);

    const replied = await call("POST", "/operations/replySupport", {
      cookie: support.cookie,
      body: { kind: "contactUs", id: message.id, text: "Yes: open the booking and choose Extend." },
    });
    expectStatus(replied, 200);
    const mail = await waitForMail(email, "Space Solution support: a reply to your message");
    expect(mail.text).toContain("Yes: open the booking and choose Extend.");
    const closed = await call("POST", "/operations/setSupportStatus", {
      cookie: support.cookie,
      body: { kind: "contactUs", id: message.id, status: "closed" },
    });
    expectStatus(closed, 200);
    const rows = await auditRows(message.id);
    expect(rows.map((row) => row.action).sort()).toEqual(["support.reply", "support.status"]);
    expect(rows.every((row) => row.operatorId === support.user.id)).toBe(true);
  });
});
