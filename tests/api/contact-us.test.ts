import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { contactMessages } from "~/db/schema";
import { CONTACT_SENT } from "~/domain/contact";
import { ENQUIRY_MESSAGES } from "~/domain/enquiry-rules.server";
import { getEnv } from "~/env.server";
import { call, expectRefused, expectStatus, loggedInUser, uniqueEmail, waitForMail } from "./helpers";

/** Contact us (POST /contact-us, ADR 0034): anyone writes to support; checked, stored, mailed, limited. */

const message = (overrides: Record<string, unknown> = {}) => ({
  name: "Jose Rizal",
  email: uniqueEmail("jose"),
  topic: "payment",
  message: "I paid with GCash but my booking still says awaiting payment. Can you check?",
  ...overrides,
});

async function stored(email: string) {
  const { db } = await getDatabase();
  return db.select().from(contactMessages).where(eq(contactMessages.email, email));
}

describe("POST /contact-us", () => {
  it("stores a visitor's message and e-mails it to support", async () => {
    const body = message();
    const answer = await call<{ contactId: string }>("POST", "/contact-us", {
      body,
      address: "203.0.113.10",
    });
    expectStatus(answer, 200, CONTACT_SENT);
    const [row] = await stored(body.email);
    expect(row).toMatchObject({ name: "Jose Rizal", topic: "payment", userId: null, message: body.message });
    expect(row?.id).toBe(answer.body.result.contactId);
    const mail = await waitForMail(
      getEnv().SUPPORT_EMAIL,
      "Contact us: A payment or refund, from Jose Rizal",
    );
    expect(mail.text).toContain(body.message);
    expect(mail.text).toContain("Account: none (a visitor)");
  });

  it("keeps a logged-in user's account with the message", async () => {
    const { user, cookie } = await loggedInUser();
    const body = message({ topic: "account" });
    expectStatus(await call("POST", "/contact-us", { body, cookie, address: "203.0.113.11" }), 200);
    expect((await stored(body.email))[0]?.userId).toBe(user.id);
  });

  it.each([
    ["a missing name", { name: "" }, "name", ENQUIRY_MESSAGES.nameRequired],
    ["a missing e-mail", { email: "" }, "email", "Email is required"],
    ["an invalid e-mail", { email: "jose@" }, "email", "Invalid Email."],
    ["an unknown topic", { topic: "refundz" }, "topic", ENQUIRY_MESSAGES.topic],
    ["a missing message", { message: "  " }, "message", ENQUIRY_MESSAGES.contactMessageRequired],
    ["a message too long", { message: "x".repeat(2001) }, "message", ENQUIRY_MESSAGES.messageTooLong],
  ])("refuses %s and stores nothing", async (_case, overrides, field, text) => {
    const body = message(overrides);
    expectRefused(await call("POST", "/contact-us", { body, address: "203.0.113.12" }), field, text);
    if (body.email) expect(await stored(body.email as string)).toEqual([]);
  });

  it("refuses a field the form does not have", async () => {
    const answer = await call("POST", "/contact-us", {
      body: message({ website: "spam" }),
      address: "203.0.113.13",
    });
    expectStatus(answer, 400);
  });

  it("takes at most 5 messages an hour from one address, and 5 to one reply address", async () => {
    for (let i = 0; i < 5; i++)
      expectStatus(await call("POST", "/contact-us", { body: message(), address: "203.0.113.20" }), 200);
    const sixth = message();
    expectStatus(await call("POST", "/contact-us", { body: sixth, address: "203.0.113.20" }), 429);
    expect(await stored(sixth.email)).toEqual([]);

    const email = uniqueEmail("same");
    for (let i = 0; i < 5; i++)
      expectStatus(
        await call("POST", "/contact-us", { body: message({ email }), address: `198.51.100.${i}` }),
        200,
      );
    expectStatus(
      await call("POST", "/contact-us", { body: message({ email }), address: "198.51.100.99" }),
      429,
    );
    expect(await stored(email)).toHaveLength(5);
  });
});
