import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { closeReport, listReports } from "~/core/reports.server";
import { getDatabase } from "~/db/db.server";
import { conversations, messages, reports, reviews } from "~/db/schema";
import { REPORT_MESSAGES } from "~/domain/reports";
import { aHostAndARenter, createListing } from "./booking-fixtures";
import { call, expectRefused, expectStatus, loggedInUser } from "./helpers";
import { aCompletedBooking } from "./review-fixtures";

/** Reports (POST /user/report, ADR 0070): once per thing, only what the reporter sees, never oneself. */

type Filed = { reportId: string };

const report = (cookie: string | undefined, body: Record<string, unknown>) =>
  call<Filed>("POST", "/user/report", { body, cookie });

async function storedReports(reporterId: string) {
  const { db } = await getDatabase();
  return db.select().from(reports).where(eq(reports.reporterId, reporterId));
}

/** A conversation between the renter and host about the space, with one line from each. */
async function aConversation() {
  const sides = await aHostAndARenter();
  const { db } = await getDatabase();
  const [conversation] = await db
    .insert(conversations)
    .values({ spaceId: sides.space.id, renterId: sides.renter.user.id, hostId: sides.host.user.id })
    .returning();
  if (!conversation) throw new Error("conversation not stored");
  const [fromHost, fromRenter] = await db
    .insert(messages)
    .values([
      {
        conversationId: conversation.id,
        senderId: sides.host.user.id,
        body: "Send the money to my own GCash.",
      },
      { conversationId: conversation.id, senderId: sides.renter.user.id, body: "Is the room dry?" },
    ])
    .returning();
  if (!fromHost || !fromRenter) throw new Error("messages not stored");
  return { ...sides, fromHost, fromRenter };
}

/** A shown review the host wrote about the renter, and one the renter wrote that is not shown yet. */
async function aShownReview() {
  const completed = await aCompletedBooking();
  const { db } = await getDatabase();
  const common = {
    bookingId: completed.bookingId,
    round: "completed" as const,
    spaceId: completed.space.id,
    closesAt: new Date(Date.now() + 5 * 24 * 3600_000),
  };
  const [shown, hidden] = await db
    .insert(reviews)
    .values([
      {
        ...common,
        authorId: completed.host.user.id,
        authorRole: "host",
        subjectId: completed.renter.user.id,
        stars: 1,
        text: "Left the unit in a terrible state, would not rent again.",
        shownAt: new Date(),
      },
      {
        ...common,
        authorId: completed.renter.user.id,
        authorRole: "renter",
        subjectId: completed.host.user.id,
        stars: 5,
        text: "A dry and clean room, the host was kind.",
      },
    ])
    .returning();
  if (!shown || !hidden) throw new Error("reviews not stored");
  return { ...completed, shown, hidden };
}

describe("POST /user/report", () => {
  it("files a report of a listing, once", async () => {
    const { space, renter } = await aHostAndARenter();
    const body = {
      kind: "listing",
      targetId: space.id,
      reason: "scam",
      note: "Asks for payment outside the app.",
    };
    const answer = await report(renter.cookie, body);
    expectStatus(answer, 200, REPORT_MESSAGES.sent);
    const [row] = await storedReports(renter.user.id);
    expect(row).toMatchObject({
      id: answer.body.result.reportId,
      kind: "listing",
      targetId: space.id,
      reason: "scam",
      note: "Asks for payment outside the app.",
      status: "open",
    });

    const again = await report(renter.cookie, { ...body, reason: "other", note: "Again." });
    expectStatus(again, 409, REPORT_MESSAGES.already);
    expect(await storedReports(renter.user.id)).toEqual([row]);
  });

  it("files a report of a user, with no note", async () => {
    const reporter = await loggedInUser();
    const other = await loggedInUser();
    expectStatus(
      await report(reporter.cookie, { kind: "user", targetId: other.user.id, reason: "offensive" }),
      200,
    );
    expect((await storedReports(reporter.user.id))[0]).toMatchObject({ kind: "user", note: "" });
  });

  it("files a report of the other side's message, and not of one's own", async () => {
    const { renter, fromHost, fromRenter } = await aConversation();
    expectStatus(
      await report(renter.cookie, { kind: "message", targetId: String(fromHost.id), reason: "scam" }),
      200,
    );
    expectStatus(
      await report(renter.cookie, { kind: "message", targetId: String(fromRenter.id), reason: "scam" }),
      403,
      REPORT_MESSAGES.self,
    );
  });

  it("refuses a message of a conversation the reporter is not in as not found", async () => {
    const { fromHost } = await aConversation();
    const stranger = await loggedInUser();
    expectStatus(
      await report(stranger.cookie, { kind: "message", targetId: String(fromHost.id), reason: "scam" }),
      404,
      REPORT_MESSAGES.notFound.message,
    );
  });

  it("files a report of a shown review; one not shown yet is not found for others", async () => {
    const { renter, host, shown, hidden } = await aShownReview();
    expectStatus(
      await report(renter.cookie, { kind: "review", targetId: shown.id, reason: "wrongInformation" }),
      200,
    );
    expectStatus(
      await report(host.cookie, { kind: "review", targetId: hidden.id, reason: "offensive" }),
      404,
      REPORT_MESSAGES.notFound.review,
    );
  });

  it("refuses reporting oneself and one's own listing", async () => {
    const host = await loggedInUser();
    const space = await createListing(host.user.id);
    expectStatus(
      await report(host.cookie, { kind: "user", targetId: host.user.id, reason: "other" }),
      403,
      REPORT_MESSAGES.self,
    );
    expectStatus(
      await report(host.cookie, { kind: "listing", targetId: space.id, reason: "other" }),
      403,
      REPORT_MESSAGES.self,
    );
    expect(await storedReports(host.user.id)).toEqual([]);
  });

  it.each([
    ["listing", "0b9f5a43-7a2e-4c62-9d6a-3f0e8a1b2c3d"],
    ["user", "0b9f5a43-7a2e-4c62-9d6a-3f0e8a1b2c3d"],
    ["message", "999999999"],
    ["review", "not-a-uuid"],
  ] as const)("answers 404 for an unknown %s", async (kind, targetId) => {
    const reporter = await loggedInUser();
    expectStatus(
      await report(reporter.cookie, { kind, targetId, reason: "other" }),
      404,
      REPORT_MESSAGES.notFound[kind],
    );
  });

  it("refuses an inactive listing that is not the reporter's as not found", async () => {
    const host = await loggedInUser();
    const space = await createListing(host.user.id, { status: "inactive" });
    const reporter = await loggedInUser();
    expectStatus(
      await report(reporter.cookie, { kind: "listing", targetId: space.id, reason: "other" }),
      404,
      REPORT_MESSAGES.notFound.listing,
    );
  });

  it("needs a login", async () => {
    const { space } = await aHostAndARenter();
    expectStatus(await report(undefined, { kind: "listing", targetId: space.id, reason: "scam" }), 401);
  });

  it.each([
    ["an unknown reason", { reason: "boring" }, "reason", REPORT_MESSAGES.reason],
    ["no reason", { reason: undefined }, "reason", REPORT_MESSAGES.reason],
    ["an unknown kind", { kind: "booking" }, "kind", REPORT_MESSAGES.kind],
    ["a note too long", { note: "x".repeat(1001) }, "note", REPORT_MESSAGES.noteTooLong],
  ])("refuses %s and stores nothing", async (_case, overrides, field, text) => {
    const { space, renter } = await aHostAndARenter();
    const answer = await report(renter.cookie, {
      kind: "listing",
      targetId: space.id,
      reason: "scam",
      ...overrides,
    });
    expectRefused(answer, field, text);
    expect(await storedReports(renter.user.id)).toEqual([]);
  });
});

describe("GET /user/checkReport", () => {
  function check(cookie: string, kind: string, targetId: string) {
    return call("GET", `/user/checkReport?${new URLSearchParams({ kind, targetId })}`, { cookie });
  }

  it("answers before anything is written whether the caller may report it: not found, oneself, already", async () => {
    const { renter, fromHost, fromRenter } = await aConversation();
    expectStatus(await check(renter.cookie, "message", String(fromHost.id)), 200);
    expectStatus(await check(renter.cookie, "message", String(fromRenter.id)), 403, REPORT_MESSAGES.self);
    const stranger = await loggedInUser();
    expectStatus(
      await check(stranger.cookie, "message", String(fromHost.id)),
      404,
      REPORT_MESSAGES.notFound.message,
    );
    expectStatus(
      await check(stranger.cookie, "message", "not-a-message"),
      404,
      REPORT_MESSAGES.notFound.message,
    );

    expectStatus(
      await report(renter.cookie, { kind: "message", targetId: String(fromHost.id), reason: "scam" }),
      200,
    );
    expectStatus(await check(renter.cookie, "message", String(fromHost.id)), 409, REPORT_MESSAGES.already);
    expect(await storedReports(stranger.user.id)).toEqual([]);
  });
});

describe("the console's report services", () => {
  it("lists reports with their context and closes them", async () => {
    const { renter, fromHost, host } = await aConversation();
    const filed = await report(renter.cookie, {
      kind: "message",
      targetId: String(fromHost.id),
      reason: "scam",
      note: "Wants GCash outside the app.",
    });
    const id = filed.body.result.reportId;
    const { db } = await getDatabase();
    const open = await listReports(db, { status: "open", kind: "message" });
    const listed = open.find((row) => row.id === id);
    expect(listed).toMatchObject({
      reporter: { id: renter.user.id },
      ownerId: host.user.id,
      context: { kind: "message", body: "Send the money to my own GCash.", senderId: host.user.id },
    });

    const closed = await closeReport(db, id, "actioned");
    expect(closed).toMatchObject({ status: "actioned" });
    expect(closed.closedAt).toBeInstanceOf(Date);
    expect((await listReports(db, { status: "open" })).some((row) => row.id === id)).toBe(false);
    const [stored] = await db
      .select()
      .from(reports)
      .where(and(eq(reports.id, id), eq(reports.status, "actioned")));
    expect(stored).toBeDefined();
  });
});
