import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { approveBooking } from "~/api/reserve/bookings.server";
import { bookReservationDraft, saveReservationDraft } from "~/api/reserve/reservation-drafts.server";
import { handleApiRequest } from "~/api/router.server";
import { viewSpaceBrief } from "~/api/space/listing-page.server";
import { getRecentSearches, newSpaceSearch, postRecentSearch } from "~/api/space/search.server";
import { login, userSignup } from "~/api/user/auth.server";
import { updateProfilePic } from "~/api/user/profile-picture.server";
import { cityList, viewUserProfile } from "~/api/user/user.server";
import { getDatabase } from "~/db/db.server";
import { bookings, sessions } from "~/db/schema";
import { RequestSessions } from "~/infra/session.server";
import { ApiClient, type ApiResult, type Callable, type CallInput } from "~/screens/api.server";
import { ApiCache } from "~/screens/api-cache.server";
import { aHostAndARenter, book, pay, start } from "./booking-fixtures";
import { createUser, loggedInUser, signupBody, uniqueEmail } from "./helpers";

/**
 * The screens' client runs an endpoint in this process (app/api/dispatch.server.ts) without a Request or JSON in
 * between; over HTTP the same call goes through the router. Both must answer alike: the same refusals with the same
 * field errors, the same session rules, and the same result once the in-process value is written as JSON.
 */

function client(cookie: string | null, overHttp: boolean, requestSessions?: RequestSessions): ApiClient {
  return new ApiClient(
    new Request("http://localhost/some/page", { headers: cookie ? { Cookie: cookie } : {} }),
    {
      transport: overHttp ? (request, caller) => handleApiRequest(request, caller) : undefined,
      cache: new ApiCache(),
      allowedRedirectOrigins: [],
      sessions: requestSessions,
    },
  );
}

/** The call made both ways, each on a fresh client; the in-process result as JSON would carry it. */
async function bothWays<E extends Callable>(
  cookie: string | null,
  endpoint: E,
  input?: CallInput<E>,
): Promise<{ inProcess: ApiResult<unknown>; overHttp: ApiResult<unknown> }> {
  const run = (overHttp: boolean) =>
    (client(cookie, overHttp).call as (e: E, i?: CallInput<E>) => Promise<ApiResult<unknown>>)(
      endpoint,
      input,
    );
  // A failure's toast has an id of its own each time: the rest must match.
  const comparable = (answer: ApiResult<unknown>) =>
    answer.ok
      ? { ...answer, result: JSON.parse(JSON.stringify(answer.result)) }
      : { ...answer, toast: { ...answer.toast, id: "" } };
  return { inProcess: comparable(await run(false)), overHttp: comparable(await run(true)) };
}

describe("an endpoint called in-process answers as it does over HTTP", () => {
  it("a visitor's read, with a query of numbers and lists", async () => {
    const cities = await bothWays(null, cityList);
    expect(cities.inProcess.ok).toBe(true);
    expect(cities.inProcess).toEqual(cities.overHttp);
    const search = await bothWays(null, newSpaceSearch, {
      params: { n: "1" },
      query: { storageType: "storage", minPrice: 1000, features: ["cctv", "securityGuard"] },
    });
    expect(search.inProcess.ok).toBe(true);
    expect(search.inProcess).toEqual(search.overHttp);
  });

  it("a logged-in user's read", async () => {
    const { cookie } = await loggedInUser();
    const profile = await bothWays(cookie, viewUserProfile);
    expect(profile.inProcess.ok).toBe(true);
    expect(profile.inProcess).toEqual(profile.overHttp);
  });

  it("refusals: the schema's field errors, control characters, and a rule's not-found", async () => {
    const badSignup = await bothWays(null, userSignup, {
      body: signupBody({ email: "not-an-email", firstName: "Ju\u0007an" }) as never,
    });
    expect(badSignup.inProcess).toMatchObject({ ok: false, status: 400 });
    expect(badSignup.inProcess).toEqual(badSignup.overHttp);
    const extraField = await bothWays(null, login, {
      body: { email: "a@example.ph", password: "x", admin: true } as never,
    });
    expect(extraField.inProcess).toMatchObject({ ok: false, status: 400 });
    expect(extraField.inProcess).toEqual(extraField.overHttp);
    const missing = await bothWays(null, viewSpaceBrief, {
      query: { spaceId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(missing.inProcess.ok).toBe(false);
    expect(missing.inProcess).toEqual(missing.overHttp);
  });

  it("a call that needs a login, made without one, ends the session both ways", async () => {
    for (const overHttp of [false, true]) {
      const thrown = await client("ss_session=gone", overHttp)
        .call(viewUserProfile)
        .catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe("/");
    }
  });

  it("a login's session cookie reaches the browser, and the next call of the same client is logged in", async () => {
    const email = uniqueEmail("in-process");
    const { password } = await createUser({ email });
    const screen = client(null, false);
    const answer = await screen.call(login, { body: { email, password } });
    expect(answer.ok).toBe(true);
    expect(screen.headers.getSetCookie().join("\n")).toMatch(/ss_session=/);
    const profile = await screen.call(viewUserProfile);
    expect(profile.ok && profile.result).toMatchObject({ email });
  });

  it("an upload: the form's file reaches the handler; a file in a field the call does not take is refused", async () => {
    const { cookie } = await loggedInUser();
    const bytes = await sharp({ create: { width: 400, height: 300, channels: 3, background: "#1f7a4d" } })
      .png()
      .toBuffer();
    const form = (field: string) => {
      const body = new FormData();
      body.append(field, new File([new Uint8Array(bytes)], "me.png", { type: "image/png" }));
      return body;
    };
    const stored = await client(cookie, false).call(updateProfilePic, { body: form("image") });
    expect(stored).toMatchObject({ ok: true, result: { width: 300, height: 300 } });
    const wrongField = await bothWays(cookie, updateProfilePic, { body: form("photo") });
    expect(wrongField.inProcess).toMatchObject({
      ok: false,
      status: 400,
      message: 'This call takes no file "photo".',
    });
    expect(wrongField.inProcess).toEqual(wrongField.overHttp);
  });

  it("a screen that acts reads only the message: the booking is approved, and no answer is built for it", async () => {
    const parties = await aHostAndARenter();
    const booked = await book(parties.renter.cookie, { spaceId: parties.space.id });
    await pay(booked.body.result.bookingId, booked.body.result.price.due);
    const { bookingId } = booked.body.result;
    const acted = await client(parties.host.cookie, false).act(approveBooking, {
      body: { bookingId, ownerId: parties.host.user.id, autoAcceptExtension: false },
    });
    expect(acted).toMatchObject({ ok: true, message: "You approved this booking.", result: null });
    const [row] = await (await getDatabase()).db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(row?.state).toBe("approved");
  });
});

describe("one browser request reads its session once", () => {
  it("its loaders' calls share the session found; a call that changes something makes the next ones look again", async () => {
    const { cookie, user } = await loggedInUser();
    const { db } = await getDatabase();
    const endedElsewhere = () =>
      db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.userId, user.id));
    // The shell's loader and the page's own, each with its client, in one request.
    const request = new RequestSessions();
    const shell = client(cookie, false, request);
    const page = client(cookie, false, request);
    expect((await shell.call(viewUserProfile)).ok).toBe(true);
    // Ended on another device while this page is being answered: this request goes on with what it found...
    await endedElsewhere();
    expect((await page.call(getRecentSearches)).ok).toBe(true);
    // ... a search changes nothing, so after it too ...
    const search = await page.call(newSpaceSearch, { params: { n: "1" }, query: { storageType: "storage" } });
    expect(search.ok).toBe(true);
    expect((await page.call(getRecentSearches)).ok).toBe(true);
    // ... but after a call that changes something, the session is read again, and it has ended.
    const saved = await page.call(postRecentSearch, { body: { query: "storageType=storage" } });
    expect(saved.ok).toBe(true);
    const thrown = await page.call(getRecentSearches).catch((error: unknown) => error);
    expect((thrown as Response).status).toBe(302);
    // The next request reads it afresh.
    const next = await client(cookie, false, new RequestSessions())
      .call(getRecentSearches)
      .catch((error: unknown) => error);
    expect((next as Response).status).toBe(302);
  });
});

describe("the payment step books the saved draft", () => {
  it("as BookSpace books the same choices; a draft without its duration is refused with BookSpace's own message", async () => {
    const parties = await aHostAndARenter();
    const screen = client(parties.renter.cookie, false);
    const spaceId = parties.space.id;
    const undated = await screen.call(bookReservationDraft, { body: { spaceId, paymentMethod: "gcash" } });
    expect(undated).toMatchObject({
      ok: false,
      status: 400,
      message: "Please choose how long you need the space.",
    });
    const saved = await screen.call(saveReservationDraft, {
      body: { spaceId, startDate: start, duration: "3_months", messageForKeeper: "Boxes of books" },
    });
    expect(saved.ok).toBe(true);
    const booked = await screen.call(bookReservationDraft, { body: { spaceId, paymentMethod: "gcash" } });
    expect(booked.ok && booked.result).toMatchObject({
      state: "awaiting_payment",
      startDate: start,
      paymentMethod: "gcash",
    });
    const quote = saved.ok ? saved.result.quote : null;
    expect(booked.ok && booked.result.price.due).toBe(quote?.price.due);
  });
});
