import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { grantOperatorRole, revokeOperatorRole } from "~/core/operators.server";
import { getDatabase } from "~/db/db.server";
import { bookings, resolutions } from "~/db/schema";
import { ACCOUNT_SUSPENDED, WRONG_CODE } from "~/domain/operators";
import { totpCode } from "~/infra/totp.server";
import { aHostAndARenter, anApprovedBooking, book, createListing, pay } from "./booking-fixtures";
import { call, expectStatus, loggedInUser, runOps } from "./helpers";
import { anOperator, auditRows, expectNoSuchCall } from "./operator-fixtures";

/**
 * The operator console's API (docs/operations.md, ADR 0062): who may call it (nobody else learns it exists), signing
 * in with the authenticator's code, and the listings and users queues' actions with their audit rows.
 */

const SOME_ID = "00000000-0000-4000-8000-000000000009";

/** Every console call, with an input it would take (or, for the actions, any input: the gate answers first). */
const CALLS: { method: string; path: string; needs: "read" | "moderate"; body?: unknown }[] = [
  { method: "GET", path: "/operations/listings", needs: "read" },
  { method: "GET", path: `/operations/listing?spaceId=${SOME_ID}`, needs: "read" },
  {
    method: "POST",
    path: "/operations/hideListing",
    needs: "moderate",
    body: { spaceId: SOME_ID, reason: "x" },
  },
  {
    method: "POST",
    path: "/operations/restoreListing",
    needs: "moderate",
    body: { spaceId: SOME_ID, note: "x" },
  },
  {
    method: "POST",
    path: "/operations/setVerified",
    needs: "moderate",
    body: { userId: SOME_ID, adminVerified: "true", note: "x" },
  },
  { method: "GET", path: "/operations/users?q=carla", needs: "read" },
  { method: "GET", path: `/operations/user?userId=${SOME_ID}`, needs: "read" },
  {
    method: "POST",
    path: "/operations/suspendUser",
    needs: "moderate",
    body: { userId: SOME_ID, note: "x" },
  },
  {
    method: "POST",
    path: "/operations/restoreUser",
    needs: "moderate",
    body: { userId: SOME_ID, note: "x" },
  },
  { method: "GET", path: "/operations/audit", needs: "read" },
  { method: "GET", path: "/operations/cases", needs: "read" },
  {
    method: "POST",
    path: "/operations/decideCase",
    needs: "moderate",
    body: { resolutionId: SOME_ID, award: 0, note: "x" },
  },
];

describe("who may call the console", () => {
  it("answers a visitor, a user, an operator before their code and one whose role does not cover it as a path that does not exist", async () => {
    const user = await loggedInUser();
    const notSignedIn = await anOperator("admin", false);
    const support = await anOperator("support");
    for (const { method, path, needs, body } of CALLS) {
      for (const cookie of [undefined, user.cookie, notSignedIn.cookie]) {
        expectNoSuchCall(await call(method, path, { cookie, body }), method, path);
        // Nor does a wrong input tell them anything.
        const wrong =
          method === "GET"
            ? await call(method, `${path.split("?")[0]}?spaceId=nonsense&show=nonsense`, { cookie })
            : await call(method, path, { cookie, body: { nonsense: "x".repeat(20_000) } });
        expectNoSuchCall(wrong, method, path);
      }
      const asSupport = await call(method, path, { cookie: support.cookie, body });
      if (needs === "moderate") expectNoSuchCall(asSupport, method, path);
      else expect(asSupport.body.responseMessage).not.toMatch(/^There is no API call/);
    }
    for (const path of ["/operations/console", "/operations/signIn", "/operations/signOut"]) {
      const method = path === "/operations/console" ? "GET" : "POST";
      const body = method === "POST" ? {} : undefined;
      expectNoSuchCall(await call(method, path, { cookie: user.cookie, body }), method, path);
      expectNoSuchCall(await call(method, path, { body }), method, path);
    }
    // A wrong method is no hint either, and the API's reference does not list the console.
    expectNoSuchCall(await call("GET", "/operations/hideListing"), "GET", "/operations/hideListing");
    const reference = await call<never>("GET", "/openapi.json");
    expect(JSON.stringify(reference.body)).not.toContain("/operations");
  });
});

describe("signing in to the console", () => {
  it("shows the secret until a first good code, then takes each code once", async () => {
    const operator = await loggedInUser({ operatorRole: "trust" });
    const first = await call<{ stage: string; enrolment: { secret: string; uri: string } }>(
      "GET",
      "/operations/console",
      { cookie: operator.cookie },
    );
    expect(first.body.result.stage).toBe("enrol");
    const { secret, uri } = first.body.result.enrolment;
    expect(uri).toContain(`secret=${secret}`);
    const again = await call<{ enrolment: { secret: string } }>("GET", "/operations/console", {
      cookie: operator.cookie,
    });
    expect(again.body.result.enrolment.secret).toBe(secret);

    const wrong = await call("POST", "/operations/signIn", {
      cookie: operator.cookie,
      body: { code: "000000" },
    });
    expectStatus(wrong, 400, WRONG_CODE);
    const code = totpCode(secret);
    expectStatus(await call("POST", "/operations/signIn", { cookie: operator.cookie, body: { code } }), 200);
    const inside = await call<{ stage: string; enrolment: unknown; queues: { key: string }[] }>(
      "GET",
      "/operations/console",
      { cookie: operator.cookie },
    );
    expect(inside.body.result).toMatchObject({ stage: "in", enrolment: null });
    expect(inside.body.result.queues.map((queue) => queue.key)).toEqual([
      "listings",
      "users",
      "cases",
      "identity",
      "reports",
      "support",
      "audit",
    ]);

    // The same code again (read over a shoulder) is refused.
    expectStatus(await call("POST", "/operations/signOut", { cookie: operator.cookie }), 200);
    expectStatus(
      await call("POST", "/operations/signIn", { cookie: operator.cookie, body: { code } }),
      400,
      WRONG_CODE,
    );
    expectStatus(await call("GET", "/operations/listings", { cookie: operator.cookie }), 404);
    expect((await auditRows(operator.user.id)).map((row) => row.action)).toContain("console.enrol");
  });
});

describe("the listings queue", () => {
  it("hides a listing with a reason: out of search, its page 410 for renters, the reason shown to its host, an audit row", async () => {
    const trust = await anOperator("trust");
    const host = await loggedInUser();
    const space = await createListing(host.user.id, { spaceTitle: "Garage to be hidden" });

    const queue = await call<{ id: string }[]>("GET", "/operations/listings?show=new&q=to%20be%20hidden", {
      cookie: trust.cookie,
    });
    expect(queue.body.result.map((row) => row.id)).toContain(space.id);

    const noReason = await call("POST", "/operations/hideListing", {
      cookie: trust.cookie,
      body: { spaceId: space.id, reason: " " },
    });
    expect(noReason.status).toBe(400);
    const reason = "The photos are of another place.";
    const hidden = await call("POST", "/operations/hideListing", {
      cookie: trust.cookie,
      body: { spaceId: space.id, reason },
    });
    expectStatus(hidden, 200);

    const page = await call("GET", `/space/viewSpaceBrief?spaceId=${space.id}`);
    expect(page.status).toBe(410);
    expect(page.body.responseMessage).toContain(reason);
    const hostView = await call<{ hiddenReason: string }>(
      "GET",
      `/space/viewSpaceBrief?spaceId=${space.id}`,
      {
        cookie: host.cookie,
      },
    );
    expect(hostView.body.result.hiddenReason).toBe(reason);
    const search = await call<{ spaces?: { _id: string }[] }>("POST", "/space/newSpaceSearch/1", {
      body: { storageType: "storage", city: "makati" },
    });
    expect(JSON.stringify(search.body.result)).not.toContain(space.id);

    const [row] = await auditRows(space.id);
    expect(row).toMatchObject({
      operatorId: trust.user.id,
      action: "listing.hide",
      before: { hidden: false },
      after: { hidden: true, reason },
      note: reason,
    });
    const restored = await call("POST", "/operations/restoreListing", {
      cookie: trust.cookie,
      body: { spaceId: space.id, note: "The host sent their own photos." },
    });
    expectStatus(restored, 200);
    expectStatus(await call("GET", `/space/viewSpaceBrief?spaceId=${space.id}`), 200);
    expect((await auditRows(space.id)).map((entry) => entry.action).sort()).toEqual([
      "listing.hide",
      "listing.restore",
    ]);
  });

  it("sets the host's verified mark with a note, never without one", async () => {
    const admin = await anOperator("admin");
    const host = await loggedInUser();
    const bare = await call("POST", "/operations/setVerified", {
      cookie: admin.cookie,
      body: { userId: host.user.id, adminVerified: "true", note: "" },
    });
    expect(bare.status).toBe(400);
    expectStatus(
      await call("POST", "/operations/setVerified", {
        cookie: admin.cookie,
        body: { userId: host.user.id, adminVerified: "true", note: "Checked the title of the lot." },
      }),
      200,
    );
    const [row] = await auditRows(host.user.id);
    expect(row).toMatchObject({ action: "user.verify", after: { adminVerified: true } });
  });
});

describe("the users queue", () => {
  it("shows an account's payments, the cases of its bookings and the reports by and about it", async () => {
    const support = await anOperator("support");
    const parties = await aHostAndARenter();
    const { bookingId, price } = await anApprovedBooking(parties);
    const { db } = await getDatabase();
    const [opened] = await db
      .insert(resolutions)
      .values({
        bookingId,
        openedBy: parties.renter.user.id,
        reason: "not_as_described",
        description: "Smaller than its photos.",
        amountAsked: 0,
      })
      .returning();
    const reported = await call("POST", "/user/report", {
      cookie: parties.host.cookie,
      body: { kind: "user", targetId: parties.renter.user.id, reason: "offensive", note: "" },
    });
    expectStatus(reported, 200);
    const byRenter = await call("POST", "/user/report", {
      cookie: parties.renter.cookie,
      body: { kind: "listing", targetId: parties.space.id, reason: "wrongInformation", note: "" },
    });
    expectStatus(byRenter, 200);

    type Detail = {
      payments: { bookingNumber: string; amount: number; state: string }[];
      cases: { id: string; openedByThem: boolean }[];
      reports: { kind: string; byThem: boolean }[];
    };
    const renter = await call<Detail>("GET", `/operations/user?userId=${parties.renter.user.id}`, {
      cookie: support.cookie,
    });
    expectStatus(renter, 200);
    expect(renter.body.result.payments).toEqual([
      expect.objectContaining({ amount: price.due, state: "paid" }),
    ]);
    expect(renter.body.result.cases).toEqual([
      expect.objectContaining({ id: opened?.id, openedByThem: true }),
    ]);
    expect(renter.body.result.reports.map(({ kind, byThem }) => [kind, byThem]).sort()).toEqual([
      ["listing", true],
      ["user", false],
    ]);
    const host = await call<Detail>("GET", `/operations/user?userId=${parties.host.user.id}`, {
      cookie: support.cookie,
    });
    expect(host.body.result.payments).toEqual([]);
    expect(host.body.result.cases).toEqual([
      expect.objectContaining({ id: opened?.id, openedByThem: false }),
    ]);
    expect(host.body.result.reports.map(({ kind, byThem }) => [kind, byThem]).sort()).toEqual([
      ["listing", false],
      ["user", true],
    ]);
  });

  it("suspends an account: sessions end, no login, listings 410, open requests declined with a refund; restore lifts it", async () => {
    const trust = await anOperator("trust");
    const parties = await aHostAndARenter();
    const booked = await book(parties.renter.cookie, { spaceId: parties.space.id });
    expectStatus(booked, 200);
    const { bookingId, price } = booked.body.result as { bookingId: string; price: { due: number } };
    await pay(bookingId, price.due);

    const found = await call<{ id: string }[]>(
      "GET",
      `/operations/users?q=${encodeURIComponent(parties.host.email)}`,
      {
        cookie: trust.cookie,
      },
    );
    expect(found.body.result.map((user) => user.id)).toEqual([parties.host.user.id]);

    const noNote = await call("POST", "/operations/suspendUser", {
      cookie: trust.cookie,
      body: { userId: parties.host.user.id, note: "" },
    });
    expect(noNote.status).toBe(400);
    const suspended = await call<{ declined: number }>("POST", "/operations/suspendUser", {
      cookie: trust.cookie,
      body: { userId: parties.host.user.id, note: "Asked renters to pay outside the site." },
    });
    expectStatus(suspended, 200);
    expect(suspended.body.result.declined).toBe(1);

    const { db } = await getDatabase();
    const [declined] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(declined?.state).toBe("declined");
    expect((await call("GET", "/user/viewUserProfile", { cookie: parties.host.cookie })).status).toBe(401);
    const login = await call("POST", "/user/login", {
      body: { email: parties.host.email, password: parties.host.password },
    });
    expectStatus(login, 403, ACCOUNT_SUSPENDED);
    expect((await call("GET", `/space/viewSpaceBrief?spaceId=${parties.space.id}`)).status).toBe(410);

    const detail = await call<{ user: { suspendedAt: string | null }; bookings: { id: string }[] }>(
      "GET",
      `/operations/user?userId=${parties.host.user.id}`,
      { cookie: trust.cookie },
    );
    expect(detail.body.result.user.suspendedAt).not.toBeNull();
    expect(detail.body.result.bookings.map((entry) => entry.id)).toContain(bookingId);

    expectStatus(
      await call("POST", "/operations/restoreUser", {
        cookie: trust.cookie,
        body: { userId: parties.host.user.id, note: "Talked with the host; a misunderstanding." },
      }),
      200,
    );
    expectStatus(
      await call("POST", "/user/login", {
        body: { email: parties.host.email, password: parties.host.password },
      }),
      200,
    );
    const log = await call<{ action: string; note: string }[]>(
      "GET",
      `/operations/audit?recordId=${parties.host.user.id}`,
      { cookie: trust.cookie },
    );
    expect(log.body.result.map((entry) => entry.action)).toEqual(["user.restore", "user.suspend"]);
  });
});

describe("the audit log", () => {
  it("is never changed or deleted: the database refuses", async () => {
    const admin = await anOperator("admin");
    const { db } = await getDatabase();
    await expect(
      db.execute(sql`update audit_log set note = 'changed' where operator_id = ${admin.user.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from audit_log where operator_id = ${admin.user.id}`),
    ).rejects.toThrow();
    expect((await auditRows(admin.user.id)).length).toBeGreaterThan(0);
  });
});

describe("granting and revoking the console (npm run ops -- operator:grant / operator:revoke)", () => {
  it("grants a role with an audit row, and revoking ends the console and its enrolment", async () => {
    const { db } = await getDatabase();
    const account = await loggedInUser();
    await expect(grantOperatorRole(db, account.email, "root")).rejects.toThrow(
      /support, trust, finance or admin/,
    );
    await grantOperatorRole(db, account.email.toUpperCase(), "support");
    const state = await call<{ role: string; stage: string }>("GET", "/operations/console", {
      cookie: account.cookie,
    });
    expect(state.body.result).toMatchObject({ role: "support", stage: "enrol" });

    await revokeOperatorRole(db, account.email);
    expectNoSuchCall(
      await call("GET", "/operations/console", { cookie: account.cookie }),
      "GET",
      "/operations/console",
    );
    expect((await auditRows(account.user.id)).map((row) => [row.action, row.operatorEmail]).sort()).toEqual([
      ["operator.grant", "npm run ops"],
      ["operator.revoke", "npm run ops"],
    ]);
  });

  it("refuses a command without its arguments before opening any database", async () => {
    const bare = await runOps(["operator:grant", "someone@example.ph"]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain("operator:grant EMAIL support|trust|finance|admin");
  });
});
