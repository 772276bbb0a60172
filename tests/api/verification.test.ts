import { randomInt } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { corporateProfiles, identityChecks, phoneCodes, users } from "~/db/schema";
import { signSandboxResult } from "~/infra/identity.server";
import { listSunkSms } from "~/infra/sms.server";
import { call, createUser, expectRefused, expectStatus, loginCookie } from "./helpers";

/**
 * Confirming who a user is (ADR 0011, 0016): phone codes, the address, the identity check and the company
 * profile. Every call: success, each validation rule, 401 without a session, 403 with another user's reference.
 */

const WAIT = /^Please wait \d+ seconds? before asking for a new code\.$/;

type Account = { id: string; cookie: string; email: string };

async function account(overrides: Parameters<typeof createUser>[0] = {}): Promise<Account> {
  const { user, email, password } = await createUser(overrides);
  return { id: user.id, cookie: await loginCookie(email, password), email };
}

/** A mobile number nobody else in these tests uses, so its text messages can be told apart in the sink. */
function uniquePhone(): string {
  return `09${String(randomInt(0, 1_000_000_000)).padStart(9, "0")}`;
}

async function db() {
  return (await getDatabase()).db;
}

async function userRow(id: string) {
  const [row] = await (await db()).select().from(users).where(eq(users.id, id));
  if (!row) throw new Error("no such user");
  return row;
}

async function codesOf(userId: string) {
  return (await db()).select().from(phoneCodes).where(eq(phoneCodes.userId, userId)).orderBy(phoneCodes.id);
}

/** The code texted to `phone` (the newest message to it), read from the SMS sink the `sms` job writes. */
async function textedCode(phone: string, notBefore = 0): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await listSunkSms()).filter((sms) => sms.to === phone);
        if (messages.length <= notBefore) return undefined;
        code = /^(\d{6}) is your Space Solution code\./.exec(messages[0]?.text ?? "")?.[1];
        return code;
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBeDefined();
  return code as string;
}

/** Moves the user's codes back in time, as if they had been sent `ms` earlier. */
async function ageCodes(userId: string, ms: number) {
  const seconds = Math.round(ms / 1000);
  await (await db())
    .update(phoneCodes)
    .set({
      createdAt: sql`${phoneCodes.createdAt} - make_interval(secs => ${seconds})`,
      expiresAt: sql`${phoneCodes.expiresAt} - make_interval(secs => ${seconds})`,
    })
    .where(eq(phoneCodes.userId, userId));
}

const sendCode = (me: Account, phoneNumber: unknown) =>
  call("POST", "/user/mobileOtp", { cookie: me.cookie, body: { phoneNumber } });
const checkCode = (me: Account, phoneNumber: unknown, otp: unknown) =>
  call("POST", "/user/verifyOtp", { cookie: me.cookie, body: { phoneNumber, otp } });

/** A code that is not `code`. */
function otherThan(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}

describe("POST /user/mobileOtp", () => {
  it("texts a 6-digit code through the sms job and keeps only its keyed hash, valid 5 minutes", async () => {
    const me = await account();
    const phone = uniquePhone();
    const answer = await sendCode(me, phone);
    expectStatus(answer, 200, "We have sent you a 6-digit code. It is valid for 5 minutes.");
    expect(answer.body.result).toMatchObject({ phoneNumber: phone });

    const code = await textedCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await codesOf(me.id);
    expect(row).toMatchObject({ phoneNumber: phone, attempts: 0, usedAt: null });
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    const validity = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(validity).toBe(5 * 60 * 1000);
    expect((answer.body.result as { expiresAt: string }).expiresAt).toBe(row?.expiresAt.toISOString());
    // Sending does not verify anything yet.
    expect((await userRow(me.id)).phoneVerifiedAt).toBeNull();
  });

  it("keeps the number without the spaces and hyphens people type", async () => {
    const me = await account();
    const phone = uniquePhone();
    const typed = `${phone.slice(0, 4)} ${phone.slice(4, 7)}-${phone.slice(7)}`;
    expectStatus(await sendCode(me, typed), 200);
    const [row] = await codesOf(me.id);
    expect(row?.phoneNumber).toBe(phone);
    await textedCode(phone);
  });

  it("sends a new code at most once a minute per user, with a 429 saying how long to wait", async () => {
    const me = await account();
    const phone = uniquePhone();
    expectStatus(await sendCode(me, phone), 200);
    const again = await sendCode(me, phone);
    expectStatus(again, 429, WAIT);
    expect(Number(/(\d+) second/.exec(again.body.responseMessage)?.[1])).toBeGreaterThanOrEqual(55);
    expect(again.body.responseMessage).toMatch(/^Please wait (5\d|60) seconds/);
    // Another number does not get round it either.
    expectStatus(await sendCode(me, uniquePhone()), 429, WAIT);
    expect(await codesOf(me.id)).toHaveLength(1);

    await ageCodes(me.id, 45_000);
    const later = await sendCode(me, phone);
    expectStatus(later, 429, /^Please wait 1[0-5] seconds before asking for a new code\.$/);

    await ageCodes(me.id, 16_000);
    expectStatus(await sendCode(me, phone), 200);
    expect(await codesOf(me.id)).toHaveLength(2);
  });

  it("lets two users ask in the same minute", async () => {
    const first = await account();
    const second = await account();
    expectStatus(await sendCode(first, uniquePhone()), 200);
    expectStatus(await sendCode(second, uniquePhone()), 200);
  });

  it("answers two requests at the same moment with one code and one 429", async () => {
    const me = await account();
    const phone = uniquePhone();
    const answers = await Promise.all([sendCode(me, phone), sendCode(me, phone)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(await codesOf(me.id)).toHaveLength(1);
  });

  it("applies the phone number rules of sign-up", async () => {
    const me = await account();
    expectRefused(await sendCode(me, undefined), "phoneNumber", "Phone number is required");
    expectRefused(await sendCode(me, "   "), "phoneNumber", "Phone number is required");
    expectRefused(
      await sendCode(me, "0917123"),
      "phoneNumber",
      "Phone number must be greater than or equal to 10 characters.",
    );
    expectRefused(
      await sendCode(me, "0917123456789012"),
      "phoneNumber",
      "Phone number must be less than or equal to 15 characters.",
    );
    expectRefused(
      await sendCode(me, "0917-CALL-ME"),
      "phoneNumber",
      "Phone number may only contain digits, spaces, hyphens and a leading +.",
    );
    // Ten characters, but not ten digits once the spaces are gone.
    expectRefused(
      await sendCode(me, "09 17 12 3"),
      "phoneNumber",
      "Phone number must be greater than or equal to 10 characters.",
    );
    const extra = await call("POST", "/user/mobileOtp", {
      cookie: me.cookie,
      body: { phoneNumber: uniquePhone(), otp: "123456" },
    });
    expectStatus(extra, 400);
    expect(await codesOf(me.id)).toHaveLength(0);
  });

  it("refuses to text the number the account has already verified", async () => {
    const phone = uniquePhone();
    const me = await account({ phoneNumber: phone, phoneVerifiedAt: new Date() });
    expectRefused(
      await sendCode(me, phone),
      "phoneNumber",
      "This phone number is already verified on your account.",
    );
    expect(await codesOf(me.id)).toHaveLength(0);
  });

  it("answers 401 without a session", async () => {
    const answer = await call("POST", "/user/mobileOtp", { body: { phoneNumber: uniquePhone() } });
    expectStatus(answer, 401);
  });
});

describe("POST /user/verifyOtp", () => {
  it("verifies the number with the texted code: users.phoneNumber and phoneVerifiedAt are set", async () => {
    const me = await account({ phoneNumber: "09170000000" });
    const phone = uniquePhone();
    expectStatus(await sendCode(me, phone), 200);
    const code = await textedCode(phone);
    const answer = await checkCode(me, phone, code);
    expectStatus(answer, 200, "Your phone number has been verified.");
    expect(answer.body.result).toMatchObject({ phoneNumber: phone, phoneVerified: true });
    const user = await userRow(me.id);
    expect(user.phoneNumber).toBe(phone);
    expect(user.phoneVerifiedAt).toBeInstanceOf(Date);
    expect((await codesOf(me.id))[0]?.usedAt).toBeInstanceOf(Date);
    const profile = await call("GET", "/user/viewUserProfile", { cookie: me.cookie });
    expect(profile.body.result).toMatchObject({ phoneNumber: phone, phoneVerified: true });
  });

  it("accepts the number typed with spaces, and a code used once cannot be used again", async () => {
    const me = await account();
    const phone = uniquePhone();
    expectStatus(await sendCode(me, phone), 200);
    const code = await textedCode(phone);
    expectStatus(await checkCode(me, `${phone.slice(0, 4)} ${phone.slice(4)}`, ` ${code} `), 200);
    expectRefused(
      await checkCode(me, phone, code),
      "otp",
      "This code has already been used. Please ask for a new code.",
    );
  });

  it("counts wrong tries; after 5 the code is dead, even the right one, until a new code is asked for", async () => {
    const me = await account();
    const phone = uniquePhone();
    expectStatus(await sendCode(me, phone), 200);
    const code = await textedCode(phone);
    const wrong = otherThan(code);
    for (const left of [4, 3, 2, 1]) {
      expectRefused(
        await checkCode(me, phone, wrong),
        "otp",
        `The code is incorrect. You have ${left} ${left === 1 ? "try" : "tries"} left.`,
      );
    }
    expectRefused(
      await checkCode(me, phone, wrong),
      "otp",
      "The code is incorrect. That was the last try for this code; please ask for a new code.",
    );
    expect((await codesOf(me.id))[0]?.attempts).toBe(5);
    expectRefused(
      await checkCode(me, phone, code),
      "otp",
      "This code was entered wrongly too many times. Please ask for a new code.",
    );
    expect((await userRow(me.id)).phoneVerifiedAt).toBeNull();

    // A new code (a minute later) works.
    await ageCodes(me.id, 61_000);
    expectStatus(await sendCode(me, phone), 200);
    const fresh = await textedCode(phone, 1);
    expectStatus(await checkCode(me, phone, fresh), 200);
  });

  it("refuses a code after its 5 minutes", async () => {
    const me = await account();
    const phone = uniquePhone();
    expectStatus(await sendCode(me, phone), 200);
    const code = await textedCode(phone);
    await ageCodes(me.id, 5 * 60 * 1000 + 1000);
    expectRefused(
      await checkCode(me, phone, code),
      "otp",
      "This code has expired. Please ask for a new code.",
    );
    expect((await userRow(me.id)).phoneVerifiedAt).toBeNull();
  });

  it("accepts a code just before its 5 minutes are up", async () => {
    const me = await account();
    const phone = uniquePhone();
    expectStatus(await sendCode(me, phone), 200);
    const code = await textedCode(phone);
    await ageCodes(me.id, 4 * 60 * 1000 + 50_000);
    expectStatus(await checkCode(me, phone, code), 200);
  });

  it("checks only the latest code sent to the number", async () => {
    const me = await account();
    const phone = uniquePhone();
    expectStatus(await sendCode(me, phone), 200);
    const first = await textedCode(phone);
    await ageCodes(me.id, 61_000);
    expectStatus(await sendCode(me, phone), 200);
    const second = await textedCode(phone, 1);
    if (first !== second) {
      expectRefused(
        await checkCode(me, phone, first),
        "otp",
        "The code is incorrect. You have 4 tries left.",
      );
    }
    expectStatus(await checkCode(me, phone, second), 200);
  });

  it("refuses a number no code was sent to, and another user's code", async () => {
    const owner = await account();
    const other = await account();
    const phone = uniquePhone();
    expectStatus(await sendCode(owner, phone), 200);
    const code = await textedCode(phone);
    expectRefused(
      await checkCode(other, phone, code),
      "otp",
      "We have not sent a code to this number yet. Please ask for a code first.",
    );
    expect((await userRow(other.id)).phoneVerifiedAt).toBeNull();
    expect((await codesOf(owner.id))[0]?.attempts).toBe(0);
    expectRefused(
      await checkCode(owner, uniquePhone(), code),
      "otp",
      "We have not sent a code to this number yet. Please ask for a code first.",
    );
  });

  it("applies the rules of the code and the number", async () => {
    const me = await account();
    const phone = uniquePhone();
    expectRefused(await checkCode(me, phone, undefined), "otp", "Please enter the 6-digit code we sent you.");
    expectRefused(await checkCode(me, phone, ""), "otp", "Please enter the 6-digit code we sent you.");
    for (const bad of ["12345", "1234567", "12a456"]) {
      expectRefused(
        await checkCode(me, phone, bad),
        "otp",
        "The code is the 6 digits of the text message we sent you.",
      );
    }
    expectRefused(await checkCode(me, undefined, "123456"), "phoneNumber", "Phone number is required");
  });

  it("answers 401 without a session", async () => {
    expectStatus(
      await call("POST", "/user/verifyOtp", { body: { phoneNumber: uniquePhone(), otp: "123456" } }),
      401,
    );
  });
});

const ADDRESS = {
  addressLine1: "Unit 12B, Tower 2",
  addressLine2: "Salcedo Village",
  city: "Makati",
  barangay: "Bel-Air",
  province: "Metro Manila",
  houseNumber: "123",
  street: "Valero Street",
};

const ADDRESS_MESSAGES: [keyof typeof ADDRESS, string][] = [
  ["addressLine1", "Address line 1 is required"],
  ["addressLine2", "Address line 2 is required"],
  ["city", "City is required"],
  ["barangay", "Barangay is required"],
  ["province", "Province is required"],
  ["houseNumber", "House number is required"],
  ["street", "Street is required"],
];

describe("POST /user/updateAddress", () => {
  const save = (me: Account, address: unknown) =>
    call("POST", "/user/updateAddress", { cookie: me.cookie, body: { address } });

  it("stores the address on the user and viewUserProfile shows it", async () => {
    const me = await account();
    const answer = await save(me, ADDRESS);
    expectStatus(answer, 200, "Your address has been saved.");
    expect(answer.body.result).toEqual({ address: ADDRESS });
    expect((await userRow(me.id)).address).toEqual(ADDRESS);
    const profile = await call("GET", "/user/viewUserProfile", { cookie: me.cookie });
    expect(profile.body.result).toMatchObject({ address: ADDRESS });
  });

  it("finds the city by name or slug whatever the case, and stores the list's name", async () => {
    const me = await account();
    for (const city of ["makati", "MAKATI", " Makati "]) {
      expectStatus(await save(me, { ...ADDRESS, city }), 200);
      expect((await userRow(me.id)).address?.city).toBe("Makati");
    }
    expectStatus(await save(me, { ...ADDRESS, city: "las-pinas" }), 200);
    expect((await userRow(me.id)).address?.city).toBe("Las Piñas");
    expectStatus(await save(me, { ...ADDRESS, city: "LAS PIÑAS" }), 200);
    expect((await userRow(me.id)).address?.city).toBe("Las Piñas");
  });

  it("refuses a city that is not in cityList and changes nothing", async () => {
    const me = await account();
    expectStatus(await save(me, ADDRESS), 200);
    expectRefused(
      await save(me, { ...ADDRESS, city: "Gotham", street: "Other Street" }),
      "address.city",
      "Please choose a city from the list.",
    );
    expect((await userRow(me.id)).address).toEqual(ADDRESS);
  });

  it.each(ADDRESS_MESSAGES)("requires %s", async (field, message) => {
    const me = await account();
    expectRefused(await save(me, { ...ADDRESS, [field]: "  " }), `address.${field}`, message);
    const { [field]: _, ...without } = ADDRESS;
    expectRefused(await save(me, without), `address.${field}`, message);
    expect((await userRow(me.id)).address).toBeNull();
  });

  it("lists every missing field, the first in the product's order as the message", async () => {
    const me = await account();
    const answer = await save(me, {});
    expectStatus(answer, 400, "Address line 1 is required");
    expect(answer.body.result).toEqual(
      ADDRESS_MESSAGES.map(([field, message]) => ({ field: `address.${field}`, message })),
    );
  });

  it("refuses unknown fields, a missing address and overlong values", async () => {
    const me = await account();
    expectStatus(await save(me, { ...ADDRESS, zip: "1209" }), 400);
    expectStatus(await call("POST", "/user/updateAddress", { cookie: me.cookie, body: {} }), 400);
    expectRefused(
      await save(me, { ...ADDRESS, houseNumber: "1".repeat(21) }),
      "address.houseNumber",
      "House number must be at most 20 characters.",
    );
    expect((await userRow(me.id)).address).toBeNull();
  });

  it("answers 401 without a session", async () => {
    expectStatus(await call("POST", "/user/updateAddress", { body: { address: ADDRESS } }), 401);
  });
});

describe("POST /user/persona", () => {
  const start = (me: Account) =>
    call<{ redirectUrl: string }>("POST", "/user/persona", { cookie: me.cookie, body: { action: "start" } });
  /** Completes a check with the result as the sandbox provider signs it. */
  const complete = (me: Account, reference: string, result: string) =>
    call("POST", "/user/persona", {
      cookie: me.cookie,
      body: {
        action: "complete",
        reference,
        result,
        signature: signSandboxResult(reference, result as "passed" | "failed"),
      },
    });
  /** Completes a check with a result the client made up (and, if given, a signature of its own). */
  const completeUnsigned = (me: Account, reference: string, result: string, signature?: string) =>
    call("POST", "/user/persona", {
      cookie: me.cookie,
      body: { action: "complete", reference, result, ...(signature === undefined ? {} : { signature }) },
    });
  const UNCONFIRMED =
    "The identity check's result could not be confirmed with the provider. Please start the check again.";

  async function started(me: Account): Promise<string> {
    const answer = await start(me);
    expectStatus(answer, 302, "Continue to the identity check.");
    const reference = /\/verification-sandbox\/([\w-]+)$/.exec(answer.body.result.redirectUrl)?.[1];
    if (!reference) throw new Error(`no reference in ${answer.body.result.redirectUrl}`);
    return reference;
  }

  async function checkRow(reference: string) {
    const [row] = await (await db())
      .select()
      .from(identityChecks)
      .where(eq(identityChecks.reference, reference));
    return row;
  }

  it("start answers 302 with redirectUrl to the sandbox provider's page and records a pending check", async () => {
    const me = await account();
    const answer = await start(me);
    expectStatus(answer, 302, "Continue to the identity check.");
    const { redirectUrl } = answer.body.result;
    expect(redirectUrl).toMatch(/^http:\/\/localhost\/verification-sandbox\/[A-Za-z0-9_-]{32}$/);
    expect(answer.headers.get("Location")).toBe(redirectUrl);
    const reference = redirectUrl.split("/").at(-1) as string;
    expect(await checkRow(reference)).toMatchObject({
      userId: me.id,
      provider: "sandbox",
      status: "pending",
      completedAt: null,
    });
    expect((await userRow(me.id)).identityStatus).toBe("pending");
    // Each start is a new reference nobody can guess.
    expect(await started(me)).not.toBe(reference);
  });

  it("complete with passed records the result on the check and the user", async () => {
    const me = await account();
    const reference = await started(me);
    const answer = await complete(me, reference, "passed");
    expectStatus(answer, 200, "Your identity check has been recorded.");
    expect(answer.body.result).toMatchObject({ reference, status: "passed", identityStatus: "passed" });
    const row = await checkRow(reference);
    expect(row?.status).toBe("passed");
    expect(row?.completedAt).toBeInstanceOf(Date);
    const user = await userRow(me.id);
    expect(user.identityStatus).toBe("passed");
    expect(user.identityCheckedAt).toBeInstanceOf(Date);
    const profile = await call("GET", "/user/viewUserProfile", { cookie: me.cookie });
    expect(profile.body.result).toMatchObject({ identityStatus: "passed" });
    // Verified once is enough.
    expectStatus(await start(me), 400, "Your identity has already been verified.");
  });

  it("complete with failed records a failed check, and a new check can be started", async () => {
    const me = await account();
    const reference = await started(me);
    expectStatus(await complete(me, reference, "failed"), 200);
    expect((await checkRow(reference))?.status).toBe("failed");
    expect((await userRow(me.id)).identityStatus).toBe("failed");
    const retry = await started(me);
    expect((await userRow(me.id)).identityStatus).toBe("pending");
    expectStatus(await complete(me, retry, "passed"), 200);
    expect((await userRow(me.id)).identityStatus).toBe("passed");
  });

  it("changes nothing for a result the client reports without the provider's signature", async () => {
    const me = await account();
    const reference = await started(me);
    expectRefused(await completeUnsigned(me, reference, "passed"), "signature", UNCONFIRMED);
    expect((await checkRow(reference))?.status).toBe("pending");
    expect((await userRow(me.id)).identityStatus).toBe("pending");
    const profile = await call("GET", "/user/viewUserProfile", { cookie: me.cookie });
    expect(profile.body.result).toMatchObject({ identityStatus: "pending" });
  });

  it("refuses a forged signature, one for another result, and one for another check", async () => {
    const me = await account();
    const reference = await started(me);
    const other = await started(await account());
    for (const signature of [
      "x".repeat(43),
      "",
      signSandboxResult(reference, "failed"),
      signSandboxResult(other, "passed"),
      `${signSandboxResult(reference, "passed")}=`,
    ]) {
      expectRefused(await completeUnsigned(me, reference, "passed", signature), "signature", UNCONFIRMED);
    }
    expect((await checkRow(reference))?.status).toBe("pending");
    expect((await userRow(me.id)).identityStatus).toBe("pending");
    // The provider's own result still counts afterwards.
    expectStatus(await complete(me, reference, "passed"), 200);
    expect((await userRow(me.id)).identityStatus).toBe("passed");
  });

  it("refuses to complete a check twice", async () => {
    const me = await account();
    const reference = await started(me);
    expectStatus(await complete(me, reference, "failed"), 200);
    expectStatus(
      await complete(me, reference, "passed"),
      409,
      "This identity check has already been completed. Start a new one if you need to.",
    );
    expect((await checkRow(reference))?.status).toBe("failed");
    expect((await userRow(me.id)).identityStatus).toBe("failed");
  });

  it("answers 403 for another user's reference and changes nothing", async () => {
    const owner = await account();
    const intruder = await account();
    const reference = await started(owner);
    expectStatus(
      await complete(intruder, reference, "passed"),
      403,
      "This identity check belongs to another account.",
    );
    expect((await checkRow(reference))?.status).toBe("pending");
    expect((await userRow(owner.id)).identityStatus).toBe("pending");
    expect((await userRow(intruder.id)).identityStatus).toBe("none");
  });

  it("answers 404 for a reference nobody was given", async () => {
    const me = await account();
    expectStatus(await complete(me, "x".repeat(32), "passed"), 404, "We could not find this identity check.");
  });

  it("applies the rules of the action, the reference and the result", async () => {
    const me = await account();
    const reference = await started(me);
    expectStatus(
      await call("POST", "/user/persona", { cookie: me.cookie, body: { action: "finish" } }),
      400,
      'The action must be "start" or "complete".',
    );
    expectStatus(
      await call("POST", "/user/persona", { cookie: me.cookie, body: {} }),
      400,
      'The action must be "start" or "complete".',
    );
    expectRefused(await complete(me, reference, "maybe"), "result", "The result must be passed or failed.");
    expectRefused(
      await complete(me, "../../etc", "passed"),
      "reference",
      "This is not a reference of an identity check.",
    );
    expectRefused(
      await call("POST", "/user/persona", {
        cookie: me.cookie,
        body: { action: "complete", result: "passed" },
      }),
      "reference",
      "The identity check's reference is missing.",
    );
    expectStatus(
      await call("POST", "/user/persona", { cookie: me.cookie, body: { action: "start", reference } }),
      400,
    );
    expect((await checkRow(reference))?.status).toBe("pending");
  });

  it("answers 401 without a session", async () => {
    expectStatus(await call("POST", "/user/persona", { body: { action: "start" } }), 401);
    const count = await (await db()).$count(identityChecks);
    expectStatus(await call("POST", "/user/persona", { body: { action: "start" } }), 401);
    expect(await (await db()).$count(identityChecks)).toBe(count);
  });
});

describe("GET /user/persona", () => {
  it("shows the caller's own check by its reference (or their latest); another user's is 403, an unknown one 404", async () => {
    const owner = await account();
    const other = await account();
    const start = await call<{ redirectUrl: string }>("POST", "/user/persona", {
      cookie: owner.cookie,
      body: { action: "start" },
    });
    const reference = start.body.result.redirectUrl.split("/").at(-1) as string;
    const mine = await call("GET", `/user/persona?reference=${reference}`, { cookie: owner.cookie });
    expectStatus(mine, 200);
    expect(mine.body.result).toMatchObject({
      reference,
      provider: "sandbox",
      status: "pending",
      completedAt: null,
    });
    expectStatus(
      await call("GET", `/user/persona?reference=${reference}`, { cookie: other.cookie }),
      403,
      "This identity check belongs to another account.",
    );
    expectStatus(
      await call("GET", `/user/persona?reference=${"y".repeat(32)}`, { cookie: owner.cookie }),
      404,
    );
    // Without a reference: the caller's latest check, or null for a user who never started one.
    const latest = await call("GET", "/user/persona", { cookie: owner.cookie });
    expectStatus(latest, 200);
    expect(latest.body.result).toMatchObject({ reference, status: "pending", reason: null });
    const none = await call("GET", "/user/persona", { cookie: other.cookie });
    expectStatus(none, 200);
    expect(none.body.result).toBeNull();
    expectStatus(await call("GET", "/user/persona?reference=short", { cookie: owner.cookie }), 400);
    expectStatus(await call("GET", `/user/persona?reference=${reference}`), 401);
  });
});

const COMPANY = {
  companyName: "Santos Trading Corp.",
  tinNumber: "123-456-789-000",
  businessAddress: { ...ADDRESS, city: "Cebu City", barangay: "Lahug", province: "Cebu" },
};

describe("POST and GET /user/userCorporateProfile", () => {
  const save = (me: Account, body: unknown) =>
    call("POST", "/user/userCorporateProfile", { cookie: me.cookie, body });
  const view = (me: Account) => call("GET", "/user/userCorporateProfile", { cookie: me.cookie });

  async function stored(userId: string) {
    const [row] = await (await db())
      .select()
      .from(corporateProfiles)
      .where(and(eq(corporateProfiles.userId, userId)));
    return row;
  }

  it("GET is null until the company profile is saved; POST stores it and GET shows it", async () => {
    const me = await account();
    const before = await view(me);
    expectStatus(before, 200);
    expect(before.body.result).toBeNull();

    const answer = await save(me, COMPANY);
    expectStatus(answer, 200, "Your company profile has been saved.");
    expect(answer.body.result).toMatchObject(COMPANY);
    expect(await stored(me.id)).toMatchObject(COMPANY);
    const after = await view(me);
    expect(after.body.result).toMatchObject(COMPANY);
  });

  it("saving again updates the one profile, with the city as cityList names it", async () => {
    const me = await account();
    expectStatus(await save(me, COMPANY), 200);
    const changed = {
      companyName: "Santos Logistics Inc.",
      tinNumber: "987654321",
      businessAddress: { ...COMPANY.businessAddress, city: "davao-city" },
    };
    expectStatus(await save(me, changed), 200);
    expect(await stored(me.id)).toMatchObject({
      ...changed,
      businessAddress: { ...changed.businessAddress, city: "Davao City" },
    });
    const rows = await (await db())
      .select()
      .from(corporateProfiles)
      .where(eq(corporateProfiles.userId, me.id));
    expect(rows).toHaveLength(1);
  });

  it("each user sees only their own company profile", async () => {
    const owner = await account();
    const other = await account();
    expectStatus(await save(owner, COMPANY), 200);
    expect((await view(other)).body.result).toBeNull();
  });

  it.each([
    ["companyName", { companyName: "  " }, "Company name is required"],
    ["tinNumber", { tinNumber: "" }, "TIN number is required"],
    ["tinNumber", { tinNumber: undefined }, "TIN number is required"],
    [
      "tinNumber",
      { tinNumber: "123 456 789" },
      "TIN number may only contain digits and dashes, for example 123-456-789-000.",
    ],
    [
      "tinNumber",
      { tinNumber: "-123456789" },
      "TIN number may only contain digits and dashes, for example 123-456-789-000.",
    ],
    ["tinNumber", { tinNumber: "12345678" }, "TIN number must have 9 to 12 digits."],
    ["tinNumber", { tinNumber: "123-456-789-0000" }, "TIN number must have 9 to 12 digits."],
    [
      "businessAddress.street",
      { businessAddress: { ...COMPANY.businessAddress, street: "" } },
      "Street is required",
    ],
    [
      "businessAddress.city",
      { businessAddress: { ...COMPANY.businessAddress, city: "Atlantis" } },
      "Please choose a city from the list.",
    ],
  ])("refuses a bad %s and stores nothing", async (field, change, message) => {
    const me = await account();
    expectRefused(await save(me, { ...COMPANY, ...change }), field, message);
    expect(await stored(me.id)).toBeUndefined();
  });

  it("requires the business address and refuses unknown fields", async () => {
    const me = await account();
    const { businessAddress: _, ...withoutAddress } = COMPANY;
    expectStatus(await save(me, withoutAddress), 400);
    expectStatus(await save(me, { ...COMPANY, userId: me.id }), 400);
    expect(await stored(me.id)).toBeUndefined();
  });

  it("answers 401 without a session", async () => {
    expectStatus(await call("POST", "/user/userCorporateProfile", { body: COMPANY }), 401);
    expectStatus(await call("GET", "/user/userCorporateProfile"), 401);
  });
});
