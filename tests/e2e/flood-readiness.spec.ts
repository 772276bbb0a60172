import sharp from "sharp";
import { addDays, todayInManila } from "../../app/domain/dates";
import { requestedBooking } from "./booking-requests";
import { expect, expectAccessible, newAccount, newHost, test, visit, WIDE } from "./fixtures";

/**
 * Readiness for typhoon season (docs/product.md; ADR 0080, 0081), with JavaScript on and off: a renter filters the
 * search by Flood-safe and sees the badge with the facts behind it, and a host's storm update reaches their renter's
 * conversation. Each test's host is a fresh one with a listing in Angeles (seed-test-users.ts); what the host states
 * and the booking are made through the API, so only the flow under test runs in the browser. (The host filling the
 * wizard's step is in list-your-space.spec.ts.)
 */
test.use({ viewport: WIDE });

test("a renter filters Flood-safe and sees the badge with the facts behind it", async ({
  page,
  playwright,
  baseURL,
}) => {
  const host = await newHost(playwright, baseURL);
  try {
    // The seeded listing has no photo or size yet: an active listing must stay publishable to be changed.
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#4a6b8a" } })
      .jpeg()
      .toBuffer();
    const uploaded = await host.context.post("/api/space/imageUploadSpaces", {
      multipart: {
        spaceId: host.listing.id,
        image: { name: "room.jpg", mimeType: "image/jpeg", buffer: photo },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const sized = await host.context.post("/api/space/addMySpace", {
      data: {
        step: "storage-space-size-measurements",
        spaceId: host.listing.id,
        lengthUnit: "meter",
        length: 3,
        width: 3,
        height: 2.5,
        entireSpace: true,
        unitOfRental: "sqm",
      },
    });
    expect(sized.status(), await sized.text()).toBe(200);
    const saved = await host.context.post("/api/space/addMySpace", {
      data: {
        step: "flood-readiness",
        spaceId: host.listing.id,
        floodHistory: "never",
        raisedStorage: true,
        typhoonRatedDoor: true,
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  } finally {
    await host.context.dispose();
  }

  await visit(page, "/search-space?storageType=storage&city=angeles");
  await page.locator("summary", { hasText: "More filters" }).click();
  await page.getByLabel("Flood-safe").check();
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(/floodSafe=true/);
  const card = page.getByRole("article").filter({ hasText: host.listing.title });
  const badge = card.getByTestId("flood-safe-badge");
  await expect(badge).toContainText("Flood-safe");
  await expect(badge).toContainText("Never flooded · Raised or sealed storage");
  // Every listing the filter lets through wears the badge.
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(await page.getByTestId("flood-safe-badge").count());
  await expectAccessible(page);

  await card.getByRole("link", { name: host.listing.title }).click();
  const readiness = page.getByTestId("listing-readiness");
  await expect(readiness).toContainText("Flood-safe");
  await expect(readiness).toContainText("Typhoon-rated door or shutter");
});

test("a host sends a storm update and the renter reads it in their conversation", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.slow(true, "a booking paid through the sandbox checkout first");
  const host = await newHost(playwright, baseURL);
  const renter = await newAccount(playwright, baseURL);
  try {
    const { bookingId } = await requestedBooking(
      renter.context,
      host.listing.id,
      addDays(todayInManila(), 10),
    );
    const approved = await host.context.post("/api/reserve/approveBooking", {
      data: { bookingId, ownerId: host.user.id, autoAcceptExtension: false },
    });
    expect(approved.status(), await approved.text()).toBe(200);

    await page.context().addCookies([host.cookie]);
    await visit(page, "/spaces/my-storage-lists");
    const update = "We raised everything to the second shelf.";
    await page.getByLabel("Your update").fill(update);
    await page.getByRole("button", { name: "Send storm update" }).click();
    await expect(page.getByTestId("toast")).toContainText("Your storm update was sent to 1 renter.");
    // Sent means gone from the box, and the page a reload asks for again, not the form a reload would post again.
    await expect(page.getByLabel("Your update")).toHaveValue("");
    await page.reload();
    await expect(page.getByRole("heading", { name: "My listings" })).toBeVisible();

    const me = await renter.context.get("/api/user/viewUserProfile");
    const renterId = ((await me.json()) as { result: { userId: string } }).result.userId;
    const chats = await renter.context.get(`/api/user/userChatList?userId=${renterId}`);
    const chat = (
      (await chats.json()) as { result: { conversationId: string; spaceId: string }[] }
    ).result.find((each) => each.spaceId === host.listing.id);
    if (!chat) throw new Error("the renter has no conversation about the space");
    await page.context().clearCookies();
    await page.context().addCookies((await renter.context.storageState()).cookies);
    await visit(page, `/messages/${chat.conversationId}`);
    await expect(page.getByText(update)).toHaveCount(1);
    await expectAccessible(page);
  } finally {
    await host.context.dispose();
    await renter.context.dispose();
  }
});
