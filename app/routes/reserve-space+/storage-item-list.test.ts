import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { storageItems } from "~/db/schema";
import { aHostAndARenter, start } from "../../../tests/api/booking-fixtures";
import { call, expectStatus } from "../../../tests/api/helpers";
import { postTo, routeCaller } from "../../../tests/api/route-calls";
import { action, loader } from "./storage-item-list";

/**
 * The reservation's item list, posted as a browser without JavaScript posts it: adding or removing an item answers
 * with a redirect back to the step, so reloading the page that follows (or going back to it) does not add the item a
 * second time; a refused item is said at the form and nothing is added.
 */
const page = routeCaller("reserve-space/storage-item-list", { action, loader });

async function aRenterChoosingDates() {
  const parties = await aHostAndARenter();
  const saved = await call("POST", "/reserve/saveReservationDraft", {
    cookie: parties.renter.cookie,
    body: { spaceId: parties.space.id, startDate: start, duration: "3_months" },
  });
  expectStatus(saved, 200);
  return { ...parties, path: `/reserve-space/storage-item-list?spaceId=${parties.space.id}` };
}

async function itemsOf(ownerId: string) {
  const { db } = await getDatabase();
  return db
    .select({ id: storageItems.id, name: storageItems.name })
    .from(storageItems)
    .where(eq(storageItems.userId, ownerId));
}

describe("the reservation's item list", () => {
  it("adds an item and answers with a redirect back to the step, so a reload adds nothing more", async () => {
    const { renter, path } = await aRenterChoosingDates();
    const answer = await page.action(
      postTo(path, renter.cookie, { intent: "add", name: "Balikbayan box", quantity: "3", notes: "" }),
    );
    expect(answer).toMatchObject({
      status: 302,
      location: path,
      toast: { type: "success", description: "The item is on your list." },
    });
    const listed = await itemsOf(renter.user.id);
    expect(listed.map((item) => item.name)).toEqual(["Balikbayan box"]);

    const removed = await page.action(
      postTo(path, renter.cookie, { intent: "remove", itemId: listed[0]?.id ?? "" }),
    );
    expect(removed).toMatchObject({
      status: 302,
      location: path,
      toast: { type: "success", description: "The item is off your list." },
    });
    expect(await itemsOf(renter.user.id)).toEqual([]);
  });

  it("refuses an item without a name at the form, and adds nothing", async () => {
    const { renter, path } = await aRenterChoosingDates();
    const answer = await page.action(postTo(path, renter.cookie, { intent: "add", name: "", quantity: "3" }));
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(await itemsOf(renter.user.id)).toEqual([]);
  });
});
