import { CONTACTS_HIDDEN_NOTE, HIDDEN } from "../../app/domain/contact-masking";
import { expect, expectAccessible, loggedInAccount, newHost, test, WIDE } from "./fixtures";

/**
 * Contact details before an approved booking (docs/product.md, Conversations and viewings), with JavaScript on and off:
 * what a renter wrote reaches the host with its details as a short marker, and the banner says why. The renter's
 * messages and viewing request are made through the API; only the host's reading goes through the browser.
 */

/** A Manila `datetime-local` value `days` ahead at `hour`:00. */
function slotIn(days: number, hour: number): string {
  const day = new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, "0")}:00`;
}

test("the host reads a renter's details as [hidden] in the conversation and the viewing note, with the banner", async ({
  page,
  playwright,
  baseURL,
}) => {
  const host = await newHost(playwright, baseURL);
  await loggedInAccount(page, playwright, baseURL);
  // A spelled-out address, and a number split over two messages.
  for (const message of ["Mail juan at gmail dot com or call 0917 123", "4567"]) {
    const sent = await page.request.post("/api/user/sendMessage", {
      data: { spaceId: host.listing.id, message },
    });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  const asked = await page.request.post("/api/bookView/requestViewing", {
    data: { spaceId: host.listing.id, slots: [slotIn(3, 10)], note: "My FB: juan.delacruz88" },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  await page.context().clearCookies();
  await page.context().addCookies([host.cookie]);
  await host.context.dispose();
  await page.setViewportSize(WIDE);

  await page.goto("/messages/list");
  await expect(page.getByTestId("conversation-row")).toContainText(host.listing.title);
  await page.getByTestId("conversation-row").click();
  await expect(page.getByTestId("contacts-hidden")).toHaveText(CONTACTS_HIDDEN_NOTE);
  const messages = page.getByTestId("message");
  await expect(messages).toHaveCount(2);
  await expect(messages.first()).toContainText(`Mail ${HIDDEN} or call ${HIDDEN}`);
  await expect(messages.last()).toContainText(HIDDEN);
  await expect(page.getByTestId("messages")).not.toContainText(/gmail|0917|4567|juan/);
  await expectAccessible(page);

  await page.getByRole("link", { name: "See the viewing" }).click();
  await expect(page.getByText(`Note: My FB: ${HIDDEN}`)).toBeVisible();
  await expect(page.getByTestId("contacts-hidden")).toHaveText(CONTACTS_HIDDEN_NOTE);
  await expect(page.locator("main")).not.toContainText("juan.delacruz88");
});
