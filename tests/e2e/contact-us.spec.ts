import { CONTACT_SENT } from "../../app/domain/contact";
import { ENQUIRY_MESSAGES } from "../../app/domain/enquiry-rules.server";
import { expect, expectAccessible, test, visit } from "./fixtures";

/**
 * Contact us, logged out, with JavaScript on and off (ADR 0034): from the footer to the form, one rule's message next
 * to its field, then the message sent and the thank-you toast.
 */

test("a visitor writes to support from the footer and is thanked", async ({ page }) => {
  await visit(page, "/info/help");
  await page.getByRole("contentinfo").getByRole("link", { name: "Contact us" }).click();
  await expect(page).toHaveURL("/contact-us");
  await expect(page.getByRole("heading", { name: "Contact us", level: 1 })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Your name").fill("Jose Rizal");
  await page.getByLabel("Your e-mail").fill("jose.rizal@example.ph");
  await page.getByLabel("Your message").fill("Do you have covered parking near the Cebu IT Park?");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByText(ENQUIRY_MESSAGES.topic).first()).toBeVisible();

  await page.getByLabel("What is it about?").selectOption({ label: "Something else" });
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL("/contact-us");
  await expect(page.getByTestId("toast")).toContainText(CONTACT_SENT);
  await expectAccessible(page);
});
