import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BOOKING_NOT_FOUND } from "~/core/booking-service.server";
import { getDatabase } from "~/db/db.server";
import { bookings, payments } from "~/db/schema";
import { endDateForMonths, todayInManila } from "~/domain/dates";
import {
  aBookingWithAnOverdueBill,
  aHostAndARenter,
  anActiveBooking,
  anApprovedBooking,
  book,
  pay,
} from "../../../tests/api/booking-fixtures";
import { expectStatus, loggedInUser } from "../../../tests/api/helpers";
import { type PageAnswer, postTo, routeCaller } from "../../../tests/api/route-calls";
import { action, loader } from "./$bookingId";

/**
 * The booking page's forms, posted as a browser without JavaScript posts them: each `intent` through the route
 * guard, as the server runs it, with the signed-in user's session cookie, on bookings made by the fixtures in the
 * state each form is for. What comes back (a redirect to the page with a toast, or the page again with the API's
 * refusal) and what the database holds afterwards.
 */
const page = routeCaller("bookings/:bookingId", { action, loader });

function postIntent(bookingId: string, cookie: string, fields: Record<string, string>) {
  return page.action(postTo(`/bookings/${bookingId}`, cookie, fields), { bookingId });
}

async function bookingRow(bookingId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error(`no booking ${bookingId}`);
  return row;
}

/** Back on the booking's page (with the moment that just happened, if any), with a success toast saying `message`. */
function expectDone(answer: PageAnswer, bookingId: string, message: string, done?: "approved" | "declined") {
  expect(answer).toMatchObject({
    status: 302,
    location: `/bookings/${bookingId}${done ? `?done=${done}` : ""}`,
    toast: { type: "success", description: message },
  });
}

/** The page again with the API's refusal as its alert, and no redirect. */
function expectRefused(answer: PageAnswer, status: number, message: string | RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.location).toBeNull();
  const description = typeof message === "string" ? message : expect.stringMatching(message);
  expect(answer.data).toMatchObject({ toast: { type: "error", description } });
}

/** A booking paid and waiting for its host's answer. */
async function aRequestedBooking() {
  const parties = await aHostAndARenter();
  const booked = await book(parties.renter.cookie, { spaceId: parties.space.id });
  expectStatus(booked, 200);
  const { bookingId, price } = booked.body.result;
  await pay(bookingId, price.due);
  return { ...parties, bookingId };
}

describe("paying", () => {
  it("sends the renter to the provider's checkout for a booking waiting for payment", async () => {
    const { renter, space } = await aHostAndARenter();
    const booked = await book(renter.cookie, { spaceId: space.id });
    const { bookingId } = booked.body.result;

    const answer = await postIntent(bookingId, renter.cookie, { intent: "pay" });

    expect(answer.status).toBe(302);
    const { db } = await getDatabase();
    const [checkout] = await db.select().from(payments).where(eq(payments.bookingId, bookingId));
    expect(checkout).toBeDefined();
    expect(answer.location).toMatch(/^https?:\/\//);
    expect((await bookingRow(bookingId)).state).toBe("awaiting_payment");
  });

  it("refuses a booking that is not waiting for payment", async () => {
    const { renter, bookingId } = await aRequestedBooking();
    const answer = await postIntent(bookingId, renter.cookie, { intent: "pay" });
    expectRefused(answer, 409, "This booking is not waiting for payment.");
    expect((await bookingRow(bookingId)).state).toBe("requested");
  });
});

describe("the host's answer to a request", () => {
  it("approves it, with the extensions it will accept at once", async () => {
    const { host, bookingId } = await aRequestedBooking();
    const answer = await postIntent(bookingId, host.cookie, {
      intent: "approve",
      autoAcceptExtension: "on",
    });
    expectDone(answer, bookingId, "You approved this booking.", "approved");
    expect(await bookingRow(bookingId)).toMatchObject({ state: "approved", autoAcceptExtension: true });
  });

  it("declines it with a reason", async () => {
    const { host, bookingId } = await aRequestedBooking();
    const answer = await postIntent(bookingId, host.cookie, {
      intent: "decline",
      reason: "The room is being repainted that month.",
    });
    expectDone(answer, bookingId, "You declined this request. The renter gets everything back.", "declined");
    expect((await bookingRow(bookingId)).state).toBe("declined");
  });

  it("does not decline without a reason", async () => {
    const { host, bookingId } = await aRequestedBooking();
    const answer = await postIntent(bookingId, host.cookie, { intent: "decline", reason: "  " });
    expectRefused(answer, 400, "Please tell the renter why you decline.");
    expect((await bookingRow(bookingId)).state).toBe("requested");
  });

  it("is the host's alone: the renter cannot approve their own request", async () => {
    const { renter, bookingId } = await aRequestedBooking();
    const answer = await postIntent(bookingId, renter.cookie, { intent: "approve" });
    expectRefused(answer, 403, /^Only the host can /);
    expect((await bookingRow(bookingId)).state).toBe("requested");
  });
});

describe("an extension", () => {
  it("is asked for by the renter and accepted by the host, which moves the last day", async () => {
    const parties = await aHostAndARenter();
    const { bookingId } = await anApprovedBooking(parties);
    const before = await bookingRow(bookingId);

    const asked = await postIntent(bookingId, parties.renter.cookie, {
      intent: "request-extension",
      months: "2",
    });
    expectDone(asked, bookingId, "Your extension request is saved.");
    expect((await bookingRow(bookingId)).extension).toMatchObject({ months: 2 });

    const answered = await postIntent(bookingId, parties.host.cookie, {
      intent: "answer-extension",
      accept: "true",
    });
    expectDone(answered, bookingId, "Your answer is saved.");
    expect(await bookingRow(bookingId)).toMatchObject({
      extension: null,
      endDate: endDateForMonths(before.startDate, before.months + 2),
    });
  });

  it("declined by the host leaves the booking's dates as they were", async () => {
    const parties = await aHostAndARenter();
    const { bookingId } = await anApprovedBooking(parties);
    const before = await bookingRow(bookingId);
    await postIntent(bookingId, parties.renter.cookie, { intent: "request-extension", months: "1" });

    const answered = await postIntent(bookingId, parties.host.cookie, {
      intent: "answer-extension",
      accept: "false",
      reason: "The space is promised to someone else from then.",
    });
    expectDone(answered, bookingId, "Your answer is saved.");
    expect(await bookingRow(bookingId)).toMatchObject({
      extension: null,
      months: before.months,
      endDate: before.endDate,
    });
  });

  it("of more months than the rules allow is refused, and nothing is asked", async () => {
    const parties = await aHostAndARenter();
    const { bookingId } = await anApprovedBooking(parties);
    const answer = await postIntent(bookingId, parties.renter.cookie, {
      intent: "request-extension",
      months: "99",
    });
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect((await bookingRow(bookingId)).extension).toBeNull();
  });
});

describe("ending a booking for an unpaid bill", () => {
  it("ends it today once a bill is 7 days overdue", async () => {
    const { host, bookingId } = await aBookingWithAnOverdueBill();

    const answer = await postIntent(bookingId, host.cookie, { intent: "end-for-unpaid-bill" });

    expectDone(answer, bookingId, "You ended this booking for its unpaid bill.");
    expect(await bookingRow(bookingId)).toMatchObject({ state: "completed", endDate: todayInManila() });
  });

  it("is refused while no bill is unpaid", async () => {
    const { host, bookingId } = await anActiveBooking();
    const answer = await postIntent(bookingId, host.cookie, { intent: "end-for-unpaid-bill" });
    expectRefused(answer, 409, "This booking has no unpaid bill.");
    expect((await bookingRow(bookingId)).state).toBe("active");
  });
});

describe("what the page refuses", () => {
  it("asks what to do when the form names no known intent", async () => {
    const { host, bookingId } = await aRequestedBooking();
    for (const fields of [{ intent: "delete-everything" }, {} as Record<string, string>]) {
      const answer = await postIntent(bookingId, host.cookie, fields);
      expectRefused(answer, 400, "Please choose what to do.");
    }
    expect((await bookingRow(bookingId)).state).toBe("requested");
  });

  it("does nothing to another user's booking, and does not show it", async () => {
    const { bookingId } = await aRequestedBooking();
    const stranger = await loggedInUser();
    for (const intent of ["approve", "decline", "end-for-unpaid-bill"]) {
      const answer = await postIntent(bookingId, stranger.cookie, { intent, reason: "Not mine." });
      expectRefused(answer, 404, BOOKING_NOT_FOUND);
    }
    const paid = await postIntent(bookingId, stranger.cookie, { intent: "pay" });
    expectRefused(paid, 404, BOOKING_NOT_FOUND);
    expect(await bookingRow(bookingId)).toMatchObject({ state: "requested", extension: null });

    const shown = await page.loader(`/bookings/${bookingId}`, stranger.cookie, { bookingId });
    expect(shown.status).toBe(404);
  });

  it("sends a visitor who is not signed in to log in, and changes nothing", async () => {
    const { bookingId } = await aRequestedBooking();
    const answer = await postIntent(bookingId, "", { intent: "approve" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(
      `/auth/login?${new URLSearchParams({ redirectTo: `/bookings/${bookingId}` })}`,
    );
    expect((await bookingRow(bookingId)).state).toBe("requested");
  });

  it("refuses a form posted from another site before the action runs", async () => {
    const { host, bookingId } = await aRequestedBooking();
    const request = postTo(
      `/bookings/${bookingId}`,
      host.cookie,
      { intent: "approve" },
      { "Sec-Fetch-Site": "cross-site" },
    );
    const answer = await page.action(request, { bookingId });
    expect(answer.status).toBe(403);
    expect((await bookingRow(bookingId)).state).toBe("requested");
  });
});
