import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ViewingView } from "~/api/conversations/viewings.server";
import { getDatabase } from "~/db/db.server";
import { viewings } from "~/db/schema";
import { aHostAndARenter } from "../../../tests/api/booking-fixtures";
import { call, expectStatus, loggedInUser } from "../../../tests/api/helpers";
import { type PageAnswer, postTo, routeCaller } from "../../../tests/api/route-calls";
import { action, loader } from "./schedule-a-visit";

/**
 * The viewing page's forms, posted as a browser without JavaScript posts them (each `intent` through the route
 * guard, as the server runs it): asking to view a space, and answering, moving or cancelling a viewing. What comes
 * back and what the database holds afterwards.
 */
const page = routeCaller("messages/schedule-a-visit", { action, loader });
const PAGE = "/messages/schedule-a-visit";

function postIntent(cookie: string, fields: Record<string, string | string[]>) {
  return page.action(postTo(PAGE, cookie, fields));
}

/** A Manila `datetime-local` value, as the page's inputs send it: `days` ahead at `hour`:00. */
function slotIn(days: number, hour: number): string {
  const day = new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, "0")}:00`;
}

async function viewingRow(viewingId: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(viewings).where(eq(viewings.id, viewingId));
  if (!row) throw new Error(`no viewing ${viewingId}`);
  return row;
}

/** Back on the viewing's page with a success toast. */
function expectDone(answer: PageAnswer, viewingId: string, message: string) {
  expect(answer).toMatchObject({
    status: 302,
    location: `${PAGE}?viewingId=${viewingId}`,
    toast: { type: "success", description: message },
  });
}

/** The page again, the refusal shown at the form of `intent`. */
function expectRefused(answer: PageAnswer, status: number, intent: string, error: string) {
  expect(answer.status).toBe(status);
  expect(answer.location).toBeNull();
  expect(answer.data).toMatchObject({ intent, error, toast: { type: "error" } });
}

/** A renter's request to view the host's space, with two times for the host to choose from. */
async function aRequestedViewing() {
  const parties = await aHostAndARenter();
  const asked = await call<ViewingView>("POST", "/bookView/requestViewing", {
    cookie: parties.renter.cookie,
    body: { spaceId: parties.space.id, slots: [slotIn(2, 10), slotIn(3, 15)] },
  });
  expectStatus(asked, 200);
  return { ...parties, viewing: asked.body.result, viewingId: asked.body.result.viewingId };
}

describe("asking to view a space", () => {
  it("sends the renter's times and note to the host, and shows the viewing", async () => {
    const { renter, space } = await aHostAndARenter();
    const answer = await postIntent(renter.cookie, {
      intent: "request",
      spaceId: space.id,
      slots: [slotIn(2, 10), slotIn(3, 15)],
      note: "After work",
    });
    const { db } = await getDatabase();
    const [stored] = await db.select().from(viewings).where(eq(viewings.spaceId, space.id));
    if (!stored) throw new Error("no viewing stored");
    expectDone(answer, stored.id, "Your viewing request has been sent to the host.");
    expect(stored).toMatchObject({ state: "requested", proposedBy: "renter", note: "After work" });
    expect(stored.slots).toHaveLength(2);
  });

  it("without a time shows why at the form, and stores nothing", async () => {
    const { renter, space } = await aHostAndARenter();
    const answer = await postIntent(renter.cookie, { intent: "request", spaceId: space.id });
    expectRefused(answer, 400, "request", "Please choose at least one time for the viewing.");
    const { db } = await getDatabase();
    expect(await db.select().from(viewings).where(eq(viewings.spaceId, space.id))).toEqual([]);
  });

  it("a second time takes the renter to the viewing they already have", async () => {
    const { renter, space, viewingId } = await aRequestedViewing();
    const answer = await postIntent(renter.cookie, {
      intent: "request",
      spaceId: space.id,
      slots: [slotIn(4, 10)],
    });
    expect(answer).toMatchObject({
      status: 302,
      location: `${PAGE}?viewingId=${viewingId}`,
      toast: { type: "info" },
    });
    const { db } = await getDatabase();
    expect(await db.select().from(viewings).where(eq(viewings.spaceId, space.id))).toHaveLength(1);
  });
});

describe("answering and changing a viewing", () => {
  it("the host confirms one of the renter's times, which gives the viewing its gate pass", async () => {
    const { host, viewing, viewingId } = await aRequestedViewing();
    const chosen = viewing.slots[1]?.start as string;
    const answer = await postIntent(host.cookie, { intent: "confirm", viewingId, slot: chosen });
    expectDone(answer, viewingId, "The viewing has been updated.");
    const row = await viewingRow(viewingId);
    expect(row.state).toBe("confirmed");
    expect(row.confirmedStart?.toISOString()).toBe(new Date(chosen).toISOString());
    expect(row.passNumber).toMatch(/^VP-/);
  });

  it("the renter cannot confirm the times they offered themselves", async () => {
    const { renter, viewing, viewingId } = await aRequestedViewing();
    const answer = await postIntent(renter.cookie, {
      intent: "confirm",
      viewingId,
      slot: viewing.slots[0]?.start as string,
    });
    expectRefused(answer, 409, "confirm", "The other side has to answer these times.");
    expect((await viewingRow(viewingId)).state).toBe("requested");
  });

  it("the host proposes other times, for the renter to answer", async () => {
    const { host, viewingId } = await aRequestedViewing();
    const answer = await postIntent(host.cookie, {
      intent: "propose",
      viewingId,
      slots: [slotIn(6, 9), slotIn(6, 13)],
    });
    expectDone(answer, viewingId, "The viewing has been updated.");
    const row = await viewingRow(viewingId);
    expect(row).toMatchObject({ state: "requested", proposedBy: "host" });
    expect(row.slots).toHaveLength(2);
  });

  it("the renter moves a confirmed viewing to a new time, which the host answers again", async () => {
    const { host, renter, viewing, viewingId } = await aRequestedViewing();
    await postIntent(host.cookie, { intent: "confirm", viewingId, slot: viewing.slots[0]?.start as string });
    const answer = await postIntent(renter.cookie, {
      intent: "reschedule",
      viewingId,
      slots: [slotIn(5, 16)],
    });
    expectDone(answer, viewingId, "The viewing has been updated.");
    expect(await viewingRow(viewingId)).toMatchObject({
      state: "requested",
      proposedBy: "renter",
      confirmedStart: null,
      passNumber: null,
    });
  });

  it("either side cancels it, and a cancelled viewing cannot be moved", async () => {
    const { host, renter, viewingId } = await aRequestedViewing();
    const cancelled = await postIntent(host.cookie, { intent: "cancel", viewingId });
    expectDone(cancelled, viewingId, "The viewing has been updated.");
    expect((await viewingRow(viewingId)).state).toBe("cancelled");

    const moved = await postIntent(renter.cookie, {
      intent: "reschedule",
      viewingId,
      slots: [slotIn(7, 10)],
    });
    expectRefused(moved, 409, "reschedule", "This viewing was cancelled.");
    expect((await viewingRow(viewingId)).state).toBe("cancelled");
  });
});

describe("what the page refuses", () => {
  it("sends a form with no known intent back to the viewings list, and changes nothing", async () => {
    const { host, viewingId } = await aRequestedViewing();
    const before = await viewingRow(viewingId);
    const answer = await postIntent(host.cookie, { intent: "accept-everything", viewingId });
    expect(answer).toMatchObject({ status: 302, location: "/messages/check-list?tab=my" });
    expect(await viewingRow(viewingId)).toEqual(before);
  });

  it("does nothing to another user's viewing, and does not show it", async () => {
    const { viewing, viewingId } = await aRequestedViewing();
    const before = await viewingRow(viewingId);
    const stranger = await loggedInUser();
    const slot = viewing.slots[0]?.start as string;
    const forms: Record<string, string | string[]>[] = [
      { intent: "confirm", viewingId, slot },
      { intent: "propose", viewingId, slots: [slotIn(6, 9)] },
      { intent: "reschedule", viewingId, slots: [slotIn(6, 9)] },
      { intent: "cancel", viewingId },
    ];
    for (const fields of forms) {
      const answer = await postIntent(stranger.cookie, fields);
      expect(answer.status, String(fields.intent)).toBe(404);
      expect(answer.location).toBeNull();
    }
    expect(await viewingRow(viewingId)).toEqual(before);

    const shown = await page.loader(`${PAGE}?viewingId=${viewingId}`, stranger.cookie);
    expect(shown).toMatchObject({
      status: 302,
      location: "/messages/check-list?tab=my",
      toast: { type: "error" },
    });
  });
});
