import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  LISTING_ENQUIRY_SENT,
  MISSING_SPACE_SENT,
  OPS_ENQUIRIES_PER_HOUR,
  TOO_MANY_ENQUIRIES,
} from "~/api/enquiry/ops-enquiries.server";
import { getDatabase } from "~/db/db.server";
import { enquiries } from "~/db/schema";
import { getEnv } from "~/env.server";
import { listSunkMail, type SunkMail } from "~/infra/mail.server";
import { call, expectRefused, expectStatus, loggedInUser, uniqueEmail } from "./helpers";

/**
 * The operations team's enquiries (ADR 0013): "Can't find a space?" (POST /space/missingSpace) and the
 * prospective host's enquiry (POST /enquiry/aboutListing) are stored, e-mailed to OPERATIONS_EMAIL (SUPPORT_EMAIL
 * when unset, as here), checked field by field, and limited to 5 an hour per user or e-mail address.
 */

const UNKNOWN_CITY = "Please choose a city from the list.";

/**
 * Waits for the operations e-mail with this subject about one enquiry (its id is in the text): the sink is shared
 * by every test, so the subject alone could find another test's message.
 */
async function waitForOpsMail(subject: string, enquiryId: string): Promise<SunkMail> {
  let found: SunkMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await listSunkMail()).find(
          (mail) =>
            mail.to === getEnv().OPERATIONS_EMAIL &&
            mail.subject === subject &&
            mail.text.includes(enquiryId),
        );
        return found;
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBeDefined();
  return found as SunkMail;
}

async function storedEnquiry(id: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(enquiries).where(eq(enquiries.id, id));
  return row;
}

function missingSpaceBody(overrides: Record<string, unknown> = {}) {
  return {
    city: "makati",
    storageType: "storage",
    size: "About 3 × 3 m, for boxes and a bicycle",
    budget: 2500,
    name: "Liza Soberano",
    email: uniqueEmail("liza"),
    phoneNumber: "09171234567",
    message: "Near Ayala Avenue if possible.",
    ...overrides,
  };
}

function listingBody(overrides: Record<string, unknown> = {}) {
  return {
    name: "Ramon Bautista",
    email: uniqueEmail("ramon"),
    phoneNumber: "09981234567",
    city: "cebu-city",
    storageType: "parking",
    message: "I have two covered slots behind my shop on Mango Avenue.",
    ...overrides,
  };
}

describe("POST /space/missingSpace", () => {
  it("stores a visitor's request and e-mails it to the operations address", async () => {
    const body = missingSpaceBody();
    const answer = await call<{ enquiryId: string; details: Record<string, unknown> }>(
      "POST",
      "/space/missingSpace",
      { body },
    );
    expectStatus(answer, 200, MISSING_SPACE_SENT);
    const details = {
      city: "makati",
      cityName: "Makati",
      storageType: "storage",
      size: body.size,
      budget: 250000,
    };
    expect(answer.body.result.details).toEqual(details);

    const row = await storedEnquiry(answer.body.result.enquiryId);
    expect(row).toMatchObject({
      kind: "missingSpace",
      userId: null,
      spaceId: null,
      name: "Liza Soberano",
      email: body.email,
      phoneNumber: "09171234567",
      message: "Near Ayala Avenue if possible.",
      details,
    });

    const mail = await waitForOpsMail("Can't find a space: storage in Makati", answer.body.result.enquiryId);
    expect(getEnv().OPERATIONS_EMAIL).toBe(getEnv().SUPPORT_EMAIL);
    expect(mail.text).toContain(`Liza Soberano <${body.email}> is looking for storage in Makati`);
    expect(mail.text).toContain("Size needed: About 3 × 3 m, for boxes and a bicycle");
    expect(mail.text).toContain("Budget: ₱2,500.00 a month");
    expect(mail.text).toContain("Phone: 09171234567");
    expect(mail.text).toContain("Near Ayala Avenue if possible.");
    expect(mail.text).toContain("/search-space?storageType=storage&city=makati");
    expect(mail.text).toContain(answer.body.result.enquiryId);
  });

  it("takes a form-encoded body, a budget as typed, and leaves out what is optional", async () => {
    const email = uniqueEmail("form");
    const form = new URLSearchParams({
      city: "davao-city",
      storageType: "parking",
      size: "One sedan",
      budget: "1,500.50",
      name: "Paolo Contis",
      email,
      phoneNumber: "",
      message: "",
    });
    const answer = await call<{ enquiryId: string }>("POST", "/space/missingSpace", {
      rawBody: form.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expectStatus(answer, 200, MISSING_SPACE_SENT);
    const row = await storedEnquiry(answer.body.result.enquiryId);
    expect(row).toMatchObject({ phoneNumber: null, message: null });
    expect(row?.details).toMatchObject({ city: "davao-city", storageType: "parking", budget: 150050 });

    const noBudget = await call<{ enquiryId: string }>("POST", "/space/missingSpace", {
      body: missingSpaceBody({ budget: undefined, phoneNumber: undefined, message: undefined }),
    });
    expectStatus(noBudget, 200);
    const mail = await waitForOpsMail(
      "Can't find a space: parking in Davao City",
      answer.body.result.enquiryId,
    );
    expect(mail.text).toContain("Budget: ₱1,500.50 a month");
    expect(mail.text).toContain("Phone: not given");
    expect((await storedEnquiry(noBudget.body.result.enquiryId))?.details).toMatchObject({ budget: null });
  });

  it("fills a logged-in user's name and e-mail from the profile", async () => {
    const { user, cookie } = await loggedInUser({ firstName: "Maja", lastName: "Salvador" });
    const answer = await call<{ enquiryId: string }>("POST", "/space/missingSpace", {
      cookie,
      body: { city: "pasig", storageType: "storage", size: "A shelf" },
    });
    expectStatus(answer, 200, MISSING_SPACE_SENT);
    const row = await storedEnquiry(answer.body.result.enquiryId);
    expect(row).toMatchObject({ userId: user.id, name: "Maja Salvador", email: user.email });
    const mail = await waitForOpsMail("Can't find a space: storage in Pasig", answer.body.result.enquiryId);
    expect(mail.text).toContain(`Account: user ${user.id}`);
  });

  it("refuses bad fields with a message naming each, and stores nothing", async () => {
    const { db } = await getDatabase();
    const before = (await db.select().from(enquiries)).length;

    expectRefused(
      await call("POST", "/space/missingSpace", { body: missingSpaceBody({ city: "atlantis" }) }),
      "city",
      UNKNOWN_CITY,
    );
    expectRefused(
      await call("POST", "/space/missingSpace", {
        body: missingSpaceBody({ city: "'; drop table cities;--" }),
      }),
      "city",
      "Please choose a city.",
    );
    expectRefused(
      await call("POST", "/space/missingSpace", { body: missingSpaceBody({ storageType: "boat" }) }),
      "storageType",
      "Please choose storage or parking.",
    );
    expectRefused(
      await call("POST", "/space/missingSpace", { body: missingSpaceBody({ size: "  " }) }),
      "size",
      "Please tell us what size you need.",
    );
    expectRefused(
      await call("POST", "/space/missingSpace", { body: missingSpaceBody({ size: "x".repeat(121) }) }),
      "size",
      "The size can be at most 120 characters.",
    );
    const budget = "The budget must be an amount of pesos from ₱1 to ₱999,999, with at most 2 decimals.";
    for (const bad of [0, -5, 12.345, 1_000_000, "lots", "1.234"]) {
      expectRefused(
        await call("POST", "/space/missingSpace", { body: missingSpaceBody({ budget: bad }) }),
        "budget",
        budget,
      );
    }
    expectRefused(
      await call("POST", "/space/missingSpace", { body: missingSpaceBody({ email: "not-an-email" }) }),
      "email",
      "Invalid Email.",
    );
    expectRefused(
      await call("POST", "/space/missingSpace", { body: missingSpaceBody({ phoneNumber: "123" }) }),
      "phoneNumber",
      "Phone number must be greater than or equal to 10 characters.",
    );
    expectRefused(
      await call("POST", "/space/missingSpace", { body: missingSpaceBody({ name: undefined }) }),
      "name",
      "Name is required",
    );
    expectRefused(
      await call("POST", "/space/missingSpace", { body: missingSpaceBody({ email: undefined }) }),
      "email",
      "Email is required",
    );
    expectStatus(
      await call("POST", "/space/missingSpace", { body: missingSpaceBody({ spaceId: "x" }) }),
      400,
      /spaceId/,
    );

    expect((await db.select().from(enquiries)).length).toBe(before);
  });
});

describe("POST /enquiry/aboutListing", () => {
  it("stores a prospective host's enquiry and e-mails it to the operations address", async () => {
    const body = listingBody();
    const answer = await call<{ enquiryId: string }>("POST", "/enquiry/aboutListing", { body });
    expectStatus(answer, 200, LISTING_ENQUIRY_SENT);
    const row = await storedEnquiry(answer.body.result.enquiryId);
    expect(row).toMatchObject({
      kind: "aboutListing",
      userId: null,
      name: "Ramon Bautista",
      email: body.email,
      phoneNumber: "09981234567",
      message: body.message,
      details: { city: "cebu-city", cityName: "Cebu City", storageType: "parking" },
    });
    const mail = await waitForOpsMail(
      "A prospective host: parking in Cebu City",
      answer.body.result.enquiryId,
    );
    expect(mail.text).toContain(`Ramon Bautista <${body.email}> has parking space to list in Cebu City`);
    expect(mail.text).toContain("Phone: 09981234567");
    expect(mail.text).toContain(body.message);
    expect(mail.text).toContain("/list-your-space/location");
  });

  it("fills a logged-in user's contact details from the profile", async () => {
    const { user, cookie } = await loggedInUser({
      firstName: "Coco",
      lastName: "Martin",
      phoneNumber: "09170001111",
    });
    const answer = await call<{ enquiryId: string }>("POST", "/enquiry/aboutListing", {
      cookie,
      body: { city: "taguig", storageType: "storage", message: "A dry basement, about 20 sqm." },
    });
    expectStatus(answer, 200, LISTING_ENQUIRY_SENT);
    expect(await storedEnquiry(answer.body.result.enquiryId)).toMatchObject({
      userId: user.id,
      name: "Coco Martin",
      email: user.email,
      phoneNumber: "09170001111",
    });
  });

  it("refuses missing and bad fields with a message naming each", async () => {
    expectRefused(
      await call("POST", "/enquiry/aboutListing", { body: listingBody({ phoneNumber: undefined }) }),
      "phoneNumber",
      "Phone number is required",
    );
    expectRefused(
      await call("POST", "/enquiry/aboutListing", { body: listingBody({ message: "" }) }),
      "message",
      "Please tell us about your space.",
    );
    expectRefused(
      await call("POST", "/enquiry/aboutListing", { body: listingBody({ message: "m".repeat(2001) }) }),
      "message",
      "Your message can be at most 2000 characters.",
    );
    expectRefused(
      await call("POST", "/enquiry/aboutListing", { body: listingBody({ city: "gotham" }) }),
      "city",
      UNKNOWN_CITY,
    );
    expectRefused(
      await call("POST", "/enquiry/aboutListing", { body: listingBody({ storageType: "" }) }),
      "storageType",
      "Please choose storage or parking.",
    );
  });
});

// Last: each request sends an e-mail, and the mail worker takes them one at a time.
describe("the rate limits", () => {
  it(`missingSpace answers 429 after ${OPS_ENQUIRIES_PER_HOUR} requests in an hour from one e-mail address`, async () => {
    const email = uniqueEmail("eager");
    for (let i = 0; i < OPS_ENQUIRIES_PER_HOUR; i++) {
      expectStatus(await call("POST", "/space/missingSpace", { body: missingSpaceBody({ email }) }), 200);
    }
    // The same address in capitals is the same sender.
    const refused = await call("POST", "/space/missingSpace", {
      body: missingSpaceBody({ email: email.toUpperCase() }),
    });
    expectStatus(refused, 429, TOO_MANY_ENQUIRIES);
    // Another sender, and the other kind of enquiry from this one, still go through.
    expectStatus(await call("POST", "/space/missingSpace", { body: missingSpaceBody() }), 200);
    expectStatus(await call("POST", "/enquiry/aboutListing", { body: listingBody({ email }) }), 200);
  });

  it(`missingSpace answers 429 after ${OPS_ENQUIRIES_PER_HOUR} requests in an hour from one user, whatever e-mail they give`, async () => {
    const { cookie } = await loggedInUser();
    for (let i = 0; i < OPS_ENQUIRIES_PER_HOUR; i++) {
      expectStatus(await call("POST", "/space/missingSpace", { cookie, body: missingSpaceBody() }), 200);
    }
    expectStatus(
      await call("POST", "/space/missingSpace", { cookie, body: missingSpaceBody() }),
      429,
      TOO_MANY_ENQUIRIES,
    );
  });

  it(`aboutListing answers 429 after ${OPS_ENQUIRIES_PER_HOUR} enquiries in an hour from one e-mail address`, async () => {
    const email = uniqueEmail("host");
    for (let i = 0; i < OPS_ENQUIRIES_PER_HOUR; i++) {
      expectStatus(await call("POST", "/enquiry/aboutListing", { body: listingBody({ email }) }), 200);
    }
    expectStatus(
      await call("POST", "/enquiry/aboutListing", { body: listingBody({ email }) }),
      429,
      TOO_MANY_ENQUIRIES,
    );
  });
});
