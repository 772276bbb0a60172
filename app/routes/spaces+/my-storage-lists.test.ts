import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { messages } from "~/db/schema";
import { aHostAndARenter, anApprovedBooking } from "../../../tests/api/booking-fixtures";
import { postTo, routeCaller } from "../../../tests/api/route-calls";
import { action, loader } from "./my-storage-lists";

/**
 * The storm update form on the host's listings page (docs/decisions/0081-storm-updates.md), posted as a browser
 * without JavaScript posts it: a sent update answers with a redirect, so reloading the page that follows (or going
 * back to it) cannot post the update to every renter a second time; a refused one gives the host their words back.
 */
const page = routeCaller("spaces/my-storage-lists", { action, loader });
const PAGE = "/spaces/my-storage-lists?tab=active";

async function sentTexts(text: string) {
  const { db } = await getDatabase();
  return db.select({ id: messages.id }).from(messages).where(eq(messages.body, text));
}

describe("the storm update form", () => {
  it("answers a sent update with a redirect to the same page and its toast, so a reload sends nothing more", async () => {
    const parties = await aHostAndARenter();
    await anApprovedBooking(parties);
    const text = "We raised everything to the second shelf.";
    const answer = await page.action(
      postTo(PAGE, parties.host.cookie, { intent: "storm-update", message: text }),
    );
    expect(answer).toMatchObject({
      status: 302,
      location: PAGE,
      toast: { type: "success", description: "Your storm update was sent to 1 renter." },
    });
    expect(await sentTexts(text)).toHaveLength(1);
  });

  it("gives a refused update back to the form with why, and sends nothing", async () => {
    const parties = await aHostAndARenter();
    await anApprovedBooking(parties);
    const text = `Water is rising ${"a".repeat(2_000)}`;
    const answer = await page.action(
      postTo(PAGE, parties.host.cookie, { intent: "storm-update", message: text }),
    );
    expect(answer.status).toBe(400);
    expect(answer.location).toBeNull();
    expect(answer.data).toMatchObject({
      stormUpdate: text,
      toast: { type: "error", description: "A message can be at most 2000 characters." },
    });
    expect(await sentTexts(text)).toEqual([]);
  });
});
