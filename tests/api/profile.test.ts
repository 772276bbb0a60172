import { randomBytes, randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { handleApiRequest } from "~/api/router.server";
import type { PublicProfile } from "~/api/user/profile.server";
import { editProfile, viewAccountSettings } from "~/api/user/profile.server";
import type { Profile } from "~/api/user/user.server";
import { viewUserProfile } from "~/api/user/user.server";
import { getDatabase } from "~/db/db.server";
import { pgChannel } from "~/db/pg-channel.server";
import { invitations, users } from "~/db/schema";
import { action as signupAction } from "~/routes/auth+/signup-form";
import { ApiClient, api } from "~/screens/api.server";
import { ApiCache } from "~/screens/api-cache.server";
import { shareOverDatabase } from "~/screens/api-cache-peers.server";
import { entryCookieHeader } from "~/screens/entry-url.server";
import {
  call,
  createUser,
  expectRefused,
  expectStatus,
  loggedInUser,
  uniqueEmail,
  waitForMail,
} from "./helpers";

/**
 * The profile and settings calls (the /user calls): editProfile, viewAccountSettings, getUserInfo,
 * getMyCode, inviteFriend, hideGoogleR, getHideReview, applyReferralCode; the entry URL kept at sign-up; and the
 * API client's cache being dropped by editProfile.
 */

const NOT_YOURS = "You can only view or change your own account.";
const LOGIN_FIRST = "Please login to continue.";

async function userRow(id: string) {
  const { db } = await getDatabase();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

async function invitationCount(userId: string): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db.select({ n: count() }).from(invitations).where(eq(invitations.userId, userId));
  return row?.n ?? 0;
}

describe("POST /user/editProfile", () => {
  it("needs a session", async () => {
    expectStatus(await call("POST", "/user/editProfile", { body: { nickName: "Mia" } }), 401, LOGIN_FIRST);
  });

  it("changes the names, nickname, birth date, gender, about me and phone, and answers with the profile", async () => {
    const { user, cookie } = await loggedInUser({ phoneNumber: "09170000000" });
    const answer = await call<Profile>("POST", "/user/editProfile", {
      cookie,
      body: {
        firstName: " Maria Clara ",
        middleName: "Reyes",
        lastName: "Dela Cruz",
        suffix: "Jr.",
        nickName: "Ria_2",
        dob: "1991-02-03",
        gender: "female",
        aboutMe: "I keep my bike in a garage in Makati.",
        phoneNumber: "+63 917 1234567",
      },
    });
    expectStatus(answer, 200, "Your profile has been updated.");
    expect(answer.body.result).toMatchObject({
      userId: user.id,
      firstName: "Maria Clara",
      middleName: "Reyes",
      lastName: "Dela Cruz",
      suffix: "Jr.",
      nickName: "Ria_2",
      dob: "1991-02-03",
      gender: "female",
      aboutMe: "I keep my bike in a garage in Makati.",
      phoneNumber: "+63 917 1234567",
    });
    const profile = await call<Profile>("GET", "/user/viewUserProfile", { cookie });
    expect(profile.body.result.nickName).toBe("Ria_2");
  });

  it("is a partial update: fields left out stay as they are", async () => {
    const { user, cookie } = await loggedInUser({
      middleName: "Luna",
      aboutMe: "Hi",
      phoneNumber: "09170000000",
    });
    expectStatus(await call("POST", "/user/editProfile", { cookie, body: { nickName: "Only" } }), 200);
    const row = await userRow(user.id);
    expect(row).toMatchObject({
      nickName: "Only",
      firstName: "Carla",
      middleName: "Luna",
      aboutMe: "Hi",
      phoneNumber: "09170000000",
    });
  });

  it("clears an optional field sent empty or null", async () => {
    const { user, cookie } = await loggedInUser({
      middleName: "Luna",
      suffix: "Sr.",
      aboutMe: "Hi",
      gender: "male",
    });
    const answer = await call("POST", "/user/editProfile", {
      cookie,
      body: { middleName: "", suffix: null, aboutMe: "   ", gender: "" },
    });
    expectStatus(answer, 200);
    expect(await userRow(user.id)).toMatchObject({
      middleName: null,
      suffix: null,
      aboutMe: null,
      gender: null,
    });
  });

  it("saves the settings: notification switches and measurement unit", async () => {
    const { user, cookie } = await loggedInUser();
    const answer = await call("POST", "/user/editProfile", {
      cookie,
      body: {
        emailNotifications: false,
        smsNotifications: false,
        allowFacebookNotifications: true,
        measurementUnit: "feet",
      },
    });
    expectStatus(answer, 200);
    expect(await userRow(user.id)).toMatchObject({
      emailNotifications: false,
      smsNotifications: false,
      allowFacebookNotifications: true,
      measurementUnit: "feet",
    });
  });

  it("takes a form-encoded body too (true/false as text)", async () => {
    const { user, cookie } = await loggedInUser();
    const answer = await call("POST", "/user/editProfile", {
      cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      rawBody: "emailNotifications=false&smsNotifications=true&measurementUnit=feet&nickName=Cee",
    });
    expectStatus(answer, 200);
    expect(await userRow(user.id)).toMatchObject({
      emailNotifications: false,
      smsNotifications: true,
      measurementUnit: "feet",
      nickName: "Cee",
    });
  });

  it("a new phone number is no longer confirmed; the same number stays confirmed", async () => {
    const verifiedAt = new Date("2026-11-01T00:00:00Z");
    const { user, cookie } = await loggedInUser({ phoneNumber: "09171234567", phoneVerifiedAt: verifiedAt });
    await call("POST", "/user/editProfile", {
      cookie,
      body: { phoneNumber: "09171234567", nickName: "Same" },
    });
    expect((await userRow(user.id)).phoneVerifiedAt).toEqual(verifiedAt);
    await call("POST", "/user/editProfile", { cookie, body: { phoneNumber: "09987654321" } });
    const row = await userRow(user.id);
    expect(row.phoneNumber).toBe("09987654321");
    expect(row.phoneVerifiedAt).toBeNull();
    const profile = await call<Profile>("GET", "/user/viewUserProfile", { cookie });
    expect(profile.body.result.phoneVerified).toBe(false);
  });

  it("stores names NFC-normalized, so an ñ typed as n + tilde passes the filter", async () => {
    const { user, cookie } = await loggedInUser();
    expectStatus(await call("POST", "/user/editProfile", { cookie, body: { lastName: "Mun\u0303oz" } }), 200);
    expect((await userRow(user.id)).lastName).toBe("Muñoz");
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["firstName", { firstName: "" }, "firstName", "First name is required"],
    ["firstName", { firstName: null }, "firstName", "First name is required"],
    ["firstName", { firstName: "a".repeat(61) }, "firstName", "First name must be at most 60 characters."],
    [
      "firstName",
      { firstName: "Maria<script>" },
      "firstName",
      "First name may only contain letters, digits, spaces, hyphens and underscores.",
    ],
    ["lastName", { lastName: "  " }, "lastName", "Last name is required"],
    [
      "lastName",
      { lastName: "O'Brien" },
      "lastName",
      "Last name may only contain letters, digits, spaces, hyphens and underscores.",
    ],
    [
      "middleName",
      { middleName: "M." },
      "middleName",
      "Middle name may only contain letters, digits, spaces, hyphens and underscores.",
    ],
    [
      "middleName",
      { middleName: "a".repeat(61) },
      "middleName",
      "Middle name must be at most 60 characters.",
    ],
    [
      "suffix",
      { suffix: "Jr.!" },
      "suffix",
      "Suffix may only contain letters, digits, dots, spaces and hyphens.",
    ],
    ["nickName", { nickName: "" }, "nickName", "Nick name is required"],
    [
      "nickName",
      { nickName: "Mia!" },
      "nickName",
      "Nick name may only contain letters, digits, spaces, hyphens and underscores.",
    ],
    ["nickName", { nickName: "a".repeat(41) }, "nickName", "Nick name must be at most 40 characters."],
    ["dob", { dob: "" }, "dob", "Birth date is required"],
    ["dob", { dob: "31/01/1990" }, "dob", "Birth date must be a date."],
    ["dob", { dob: "2999-01-01" }, "dob", "Birth date cannot be in the future."],
    ["gender", { gender: "robot" }, "gender", "Please choose a gender from the list."],
    ["aboutMe", { aboutMe: "a".repeat(1001) }, "aboutMe", "About me must be at most 1000 characters."],
    ["phoneNumber", { phoneNumber: "" }, "phoneNumber", "Phone number is required"],
    [
      "phoneNumber",
      { phoneNumber: "0917" },
      "phoneNumber",
      "Phone number must be greater than or equal to 10 characters.",
    ],
    [
      "phoneNumber",
      { phoneNumber: "0917123456789012" },
      "phoneNumber",
      "Phone number must be less than or equal to 15 characters.",
    ],
    [
      "phoneNumber",
      { phoneNumber: "0917-CALL-ME" },
      "phoneNumber",
      "Phone number may only contain digits, spaces, hyphens and a leading +.",
    ],
    [
      "emailNotifications",
      { emailNotifications: "maybe" },
      "emailNotifications",
      "Email notifications must be true or false.",
    ],
    [
      "smsNotifications",
      { smsNotifications: 1 },
      "smsNotifications",
      "SMS notifications must be true or false.",
    ],
    [
      "allowFacebookNotifications",
      { allowFacebookNotifications: null },
      "allowFacebookNotifications",
      "Facebook notifications must be true or false.",
    ],
    [
      "measurementUnit",
      { measurementUnit: "yard" },
      "measurementUnit",
      "Measurement unit must be meter or feet.",
    ],
  ];
  for (const [name, body, field, message] of cases) {
    it(`refuses a bad ${name} (${message}) and changes nothing`, async () => {
      const { user, cookie } = await loggedInUser({ nickName: "Before" });
      const before = await userRow(user.id);
      // A valid change alongside the bad one is not applied either.
      expectRefused(
        await call("POST", "/user/editProfile", { cookie, body: { nickName: "After", ...body } }),
        field,
        message,
      );
      expect(await userRow(user.id)).toEqual(before);
    });
  }

  it("refuses unknown fields: e-mail, referral code, adminVerified and the like cannot be set here", async () => {
    const { user, cookie } = await loggedInUser();
    const before = await userRow(user.id);
    for (const field of ["email", "adminVerified", "referralCode", "referredBy", "passwordHash", "userId"]) {
      const answer = await call("POST", "/user/editProfile", {
        cookie,
        body: { nickName: "X", [field]: "x" },
      });
      expect(answer.status, field).toBe(400);
      expect(answer.body.result).toContainEqual({ field, message: `Unrecognized key: "${field}"` });
    }
    expect(await userRow(user.id)).toEqual(before);
  });

  it("refuses an empty change", async () => {
    const { cookie } = await loggedInUser();
    expectStatus(
      await call("POST", "/user/editProfile", { cookie, body: {} }),
      400,
      "Please send at least one field to change.",
    );
  });
});

describe("the API client's cache and editProfile", () => {
  it("drops the cached profile and account settings, so the next read shows the change", async () => {
    const { cookie } = await loggedInUser({ nickName: "Old" });
    const client = () =>
      api(new Request("http://localhost/user-profile/edit-account-info", { headers: { Cookie: cookie } }));
    const first = await client().call(viewUserProfile);
    const settings = await client().call(viewAccountSettings);
    expect(first.ok && first.result.nickName).toBe("Old");
    expect(settings.ok && settings.result.measurementUnit).toBe("meter");
    // Behind the cache's back, the cached answer stays: that is what it is for.
    await call("POST", "/user/editProfile", { cookie, body: { nickName: "Elsewhere" } });
    const cached = await client().call(viewUserProfile);
    expect(cached.ok && cached.result.nickName).toBe("Old");
    // Through the client, editProfile drops it.
    const edit = await client().call(editProfile, { body: { nickName: "New", measurementUnit: "feet" } });
    expect(edit.ok).toBe(true);
    const after = await client().call(viewUserProfile);
    const afterSettings = await client().call(viewAccountSettings);
    expect(after.ok && after.result.nickName).toBe("New");
    expect(afterSettings.ok && afterSettings.result.measurementUnit).toBe("feet");
  });
});

describe("the API client's cache on two instances of one PostgreSQL database", () => {
  it.runIf(process.env.TEST_DB === "postgres")(
    "a change made through one drops what the other kept, so the user's next page there shows it",
    async () => {
      const { url } = await getDatabase();
      const { cookie } = await loggedInUser({ nickName: "Old" });
      const instance = () => {
        const cache = new ApiCache();
        return { cache, channel: shareOverDatabase(cache, url as string) };
      };
      const one = instance();
      const two = instance();
      await Promise.all([one.channel.open(), two.channel.open()]);
      const client = (cache: ApiCache) =>
        new ApiClient(new Request("http://localhost/user-profile", { headers: { Cookie: cookie } }), {
          transport: (request, caller) => handleApiRequest(request, caller),
          cache,
          allowedRedirectOrigins: [],
        });
      try {
        const kept = await client(two.cache).call(viewUserProfile);
        expect(kept.ok && kept.result.nickName).toBe("Old");
        expect(two.cache.size).toBe(1);

        const edit = await client(one.cache).call(editProfile, { body: { nickName: "New" } });
        expect(edit.ok).toBe(true);
        // The drop was sent before the edit answered; the other instance hears it a moment later.
        await expect.poll(() => two.cache.size, { timeout: 5_000 }).toBe(0);
        const after = await client(two.cache).call(viewUserProfile);
        expect(after.ok && after.result.nickName).toBe("New");
      } finally {
        for (const { cache, channel } of [one, two]) {
          cache.dispose();
          await channel.close();
        }
      }
    },
  );
});

describe("a LISTEN/NOTIFY channel", () => {
  it.runIf(process.env.TEST_DB === "postgres")(
    "stays closed once closed: opening or sending again would keep a stopping process alive",
    async () => {
      const { url } = await getDatabase();
      const heard: string[] = [];
      const channel = pgChannel({
        url: url as string,
        channel: "space_solution_channel_test",
        onMessage: (payload) => heard.push(payload),
        stayOpen: () => true,
      });
      await channel.open();
      await channel.notify("hello");
      await expect.poll(() => heard).toEqual(["hello"]);
      await channel.close();
      expect(channel.listening).toBe(false);
      await expect(channel.open()).rejects.toThrow("closed");
      await expect(channel.notify("again")).rejects.toThrow("closed");
    },
  );
});

describe("GET /user/viewAccountSettings", () => {
  it("needs a session", async () => {
    expectStatus(await call("GET", "/user/viewAccountSettings"), 401, LOGIN_FIRST);
  });

  it("answers the e-mail, the three notification switches, the measurement unit and the payout details", async () => {
    const { email, cookie } = await loggedInUser({ smsNotifications: false, measurementUnit: "feet" });
    const answer = await call("GET", "/user/viewAccountSettings", { cookie });
    expectStatus(answer, 200);
    expect(answer.body.result).toEqual({
      email,
      emailNotifications: true,
      smsNotifications: false,
      allowFacebookNotifications: false,
      measurementUnit: "feet",
      // No payout method set: the product's three payout fields are there, empty (payouts.test.ts sets one).
      gCash: null,
      bankDetails: null,
      paymayaDetails: null,
    });
  });
});

describe("GET /user/getUserInfo", () => {
  const PRIVATE = {
    phoneNumber: "09175550123",
    dob: "1988-08-08",
    gender: "female",
    middleName: "Secret",
    address: {
      addressLine1: "Unit 5",
      addressLine2: "Tower B",
      city: "Makati",
      barangay: "Poblacion",
      province: "Metro Manila",
      houseNumber: "123",
      street: "Hidden Street",
    },
    aboutMe: "I host a garage.",
    nickName: "Host",
    adminVerified: true,
  };

  it("answers the public profile only, without a session", async () => {
    const { user } = await createUser({ ...PRIVATE, email: uniqueEmail("private") });
    const answer = await call<PublicProfile>("GET", `/user/getUserInfo?userId=${user.id}`);
    expectStatus(answer, 200);
    expect(answer.body.result).toEqual({
      userId: user.id,
      firstName: "Carla",
      lastName: "Mendoza",
      nickName: "Host",
      profilePic: null,
      aboutMe: "I host a garage.",
      rating: null,
      totalNumberofReviews: 0,
      createdAt: user.createdAt.toISOString(),
      adminVerified: true,
    });
  });

  it("never shows e-mail, phone, birth date, address, referral code or anything private, even to a logged-in caller", async () => {
    const { user, email } = await createUser({ ...PRIVATE, email: uniqueEmail("private") });
    const { cookie } = await loggedInUser();
    const answer = await call("GET", `/user/getUserInfo?userId=${user.id}`, { cookie });
    expectStatus(answer, 200);
    const text = JSON.stringify(answer.body);
    for (const secret of [
      email,
      PRIVATE.phoneNumber,
      PRIVATE.dob,
      "Hidden Street",
      "Poblacion",
      "Secret",
      user.referralCode,
      "passwordHash",
      "argon2",
    ]) {
      expect(text).not.toContain(secret);
    }
    for (const key of [
      "email",
      "phoneNumber",
      "dob",
      "address",
      "gender",
      "gCash",
      "bankDetails",
      "paymayaDetails",
      "referralCode",
      "entryUrl",
    ]) {
      expect(answer.body.result).not.toHaveProperty(key);
    }
  });

  it("answers 404 for an unknown user and 400 for a malformed id", async () => {
    expectStatus(
      await call("GET", `/user/getUserInfo?userId=${randomUUID()}`),
      404,
      "This user does not exist.",
    );
    expectRefused(await call("GET", "/user/getUserInfo?userId=42"), "userId", "Invalid user id.");
    expect((await call("GET", "/user/getUserInfo")).status).toBe(400);
  });
});

describe("POST /user/getMyCode", () => {
  it("needs a session", async () => {
    expectStatus(await call("POST", "/user/getMyCode"), 401, LOGIN_FIRST);
  });

  it("answers the referral code, the sign-up link that carries it, and the user's vouchers and coupons", async () => {
    const { user, cookie } = await loggedInUser();
    const answer = await call("POST", "/user/getMyCode", { cookie });
    expectStatus(answer, 200);
    expect(answer.body.result).toEqual({
      referralCode: user.referralCode,
      shareUrl: `http://localhost/auth/signup-form?referralCode=${user.referralCode}`,
      referred: false,
      vouchers: [],
      coupons: [],
    });
  });

  it("is a POST, as the product rules say", async () => {
    const { cookie } = await loggedInUser();
    expect((await call("GET", "/user/getMyCode", { cookie })).status).toBe(405);
  });
});

describe("POST /user/inviteFriend", () => {
  it("needs a session", async () => {
    expectStatus(
      await call("POST", "/user/inviteFriend", { body: { emails: [uniqueEmail("f")] } }),
      401,
      LOGIN_FIRST,
    );
  });

  it("e-mails each friend an invitation with the sign-up link and the message, and keeps a row for each", async () => {
    const { user, cookie } = await loggedInUser({ nickName: "Carlita" });
    const friends = [uniqueEmail("friend-a"), uniqueEmail("friend-b")];
    const answer = await call("POST", "/user/inviteFriend", {
      cookie,
      body: { emails: [friends[0], friends[1]?.toUpperCase()], message: "Join me, it is cheap!" },
    });
    expectStatus(answer, 200, "Your invitations have been sent.");
    expect(answer.body.result).toEqual({ sent: 2, remainingToday: 18 });
    for (const friend of friends) {
      const mail = await waitForMail(friend, "Carlita invited you to Space Solution");
      expect(mail.text).toContain(`http://localhost/auth/signup-form?referralCode=${user.referralCode}`);
      expect(mail.text).toContain("Join me, it is cheap!");
      expect(mail.text).toContain(user.referralCode);
    }
    const { db } = await getDatabase();
    const rows = await db.select().from(invitations).where(eq(invitations.userId, user.id));
    expect(rows.map((row) => row.email).sort()).toEqual([...friends].sort());
  });

  it("takes one address as a plain string in a form-encoded body", async () => {
    const { user, cookie } = await loggedInUser();
    const friend = uniqueEmail("form");
    const answer = await call("POST", "/user/inviteFriend", {
      cookie,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      rawBody: `emails=${encodeURIComponent(friend)}`,
    });
    expectStatus(answer, 200);
    expect(await invitationCount(user.id)).toBe(1);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ["no addresses", { emails: [] }, "emails", "Please enter at least one e-mail address."],
    ["no emails field", {}, "emails", "Please enter at least one e-mail address."],
    [
      "11 addresses",
      { emails: Array.from({ length: 11 }, (_, i) => `f${i}@example.ph`) },
      "emails",
      "You can invite at most 10 friends at a time.",
    ],
    ["a bad address", { emails: ["ok@example.ph", "not-an-email"] }, "emails.1", "Invalid Email."],
    ["an empty address", { emails: [""] }, "emails.0", "Email is required"],
    [
      "a long message",
      { emails: ["ok@example.ph"], message: "a".repeat(501) },
      "message",
      "The message must be at most 500 characters.",
    ],
  ];
  for (const [name, body, field, message] of cases) {
    it(`refuses ${name} and sends nothing`, async () => {
      const { user, cookie } = await loggedInUser();
      expectRefused(await call("POST", "/user/inviteFriend", { cookie, body }), field, message);
      expect(await invitationCount(user.id)).toBe(0);
    });
  }

  it("refuses unknown fields", async () => {
    const { cookie } = await loggedInUser();
    const answer = await call("POST", "/user/inviteFriend", {
      cookie,
      body: { emails: ["a@example.ph"], from: "ceo@x.ph" },
    });
    expectRefused(answer, "from", 'Unrecognized key: "from"');
  });

  it("refuses to invite the user's own address", async () => {
    const { user, email, cookie } = await loggedInUser();
    const answer = await call("POST", "/user/inviteFriend", {
      cookie,
      body: { emails: [email.toUpperCase()] },
    });
    expectRefused(answer, "emails", "You cannot invite yourself. Please remove your own address.");
    expect(await invitationCount(user.id)).toBe(0);
  });

  it("allows 20 invitations in 24 hours: the 21st is refused with 429 and nothing is sent", async () => {
    const { user, cookie } = await loggedInUser();
    const batch = (n: number, tag: string) =>
      Array.from({ length: n }, (_, i) => `${tag}-${i}-${randomBytes(3).toString("hex")}@example.ph`);
    expectStatus(await call("POST", "/user/inviteFriend", { cookie, body: { emails: batch(10, "a") } }), 200);
    const second = await call("POST", "/user/inviteFriend", { cookie, body: { emails: batch(5, "b") } });
    expect(second.body.result).toEqual({ sent: 5, remainingToday: 5 });
    // Six when five are left: refused whole, with how many are left.
    expectStatus(
      await call("POST", "/user/inviteFriend", { cookie, body: { emails: batch(6, "c") } }),
      429,
      "You can send 5 more invitations today (at most 20 in 24 hours). Please remove some addresses and try again.",
    );
    expectStatus(await call("POST", "/user/inviteFriend", { cookie, body: { emails: batch(5, "d") } }), 200);
    expect(await invitationCount(user.id)).toBe(20);
    const refused = batch(1, "e")[0] as string;
    expectStatus(
      await call("POST", "/user/inviteFriend", { cookie, body: { emails: [refused] } }),
      429,
      "You have sent 20 invitations in the last 24 hours, the most we allow. Please try again tomorrow.",
    );
    expect(await invitationCount(user.id)).toBe(20);
    const { db } = await getDatabase();
    const [row] = await db
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.userId, user.id), eq(invitations.email, refused)));
    expect(row?.n).toBe(0);
  });

  it("counts only the last 24 hours, and each user on their own", async () => {
    const { user, cookie } = await loggedInUser();
    const { db } = await getDatabase();
    const old = new Date(Date.now() - 25 * 60 * 60 * 1000);
    await db.insert(invitations).values(
      Array.from({ length: 20 }, (_, i) => ({
        userId: user.id,
        email: `old${i}@example.ph`,
        createdAt: old,
      })),
    );
    const other = await createUser();
    await db
      .insert(invitations)
      .values(Array.from({ length: 20 }, (_, i) => ({ userId: other.user.id, email: `x${i}@example.ph` })));
    const answer = await call("POST", "/user/inviteFriend", {
      cookie,
      body: { emails: [uniqueEmail("new")] },
    });
    expectStatus(answer, 200);
    expect(answer.body.result).toEqual({ sent: 1, remainingToday: 19 });
  });

  it("two batches at once cannot both pass the limit", async () => {
    const { user, cookie } = await loggedInUser();
    const batch = (tag: string) =>
      Array.from({ length: 10 }, (_, i) => `${tag}${i}-${randomBytes(3).toString("hex")}@example.ph`);
    await call("POST", "/user/inviteFriend", { cookie, body: { emails: batch("first") } });
    const answers = await Promise.all([
      call("POST", "/user/inviteFriend", { cookie, body: { emails: batch("x") } }),
      call("POST", "/user/inviteFriend", { cookie, body: { emails: batch("y") } }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 429]);
    expect(await invitationCount(user.id)).toBe(20);
  });
});

describe("the review prompt: POST /user/hideGoogleR and GET /user/getHideReview/{id}", () => {
  it("need a session", async () => {
    expectStatus(await call("POST", "/user/hideGoogleR"), 401, LOGIN_FIRST);
    expectStatus(await call("GET", `/user/getHideReview/${randomUUID()}`), 401, LOGIN_FIRST);
  });

  it("records that the user dismissed the prompt, and tells it back", async () => {
    const { user, cookie } = await loggedInUser();
    const before = await call("GET", `/user/getHideReview/${user.id}`, { cookie });
    expectStatus(before, 200);
    expect(before.body.result).toEqual({ hideGoogleReview: false });
    expectStatus(await call("POST", "/user/hideGoogleR", { cookie }), 200, "We will not ask you again.");
    expect((await call("GET", `/user/getHideReview/${user.id}`, { cookie })).body.result).toEqual({
      hideGoogleReview: true,
    });
    expect((await userRow(user.id)).hideGoogleReview).toBe(true);
    // With the user's own id in the body too.
    expectStatus(await call("POST", "/user/hideGoogleR", { cookie, body: { userId: user.id } }), 200);
  });

  it("refuses another user's id with 403 and changes nothing", async () => {
    const { user, cookie } = await loggedInUser();
    const other = await createUser();
    expectStatus(await call("GET", `/user/getHideReview/${other.user.id}`, { cookie }), 403, NOT_YOURS);
    expectStatus(
      await call("POST", "/user/hideGoogleR", { cookie, body: { userId: other.user.id } }),
      403,
      NOT_YOURS,
    );
    expect((await userRow(other.user.id)).hideGoogleReview).toBe(false);
    expect((await userRow(user.id)).hideGoogleReview).toBe(false);
  });

  it("refuses a malformed id and unknown fields", async () => {
    const { cookie } = await loggedInUser();
    expectRefused(await call("GET", "/user/getHideReview/42", { cookie }), "id", "Invalid user id.");
    expectRefused(
      await call("POST", "/user/hideGoogleR", { cookie, body: { hide: false } }),
      "hide",
      'Unrecognized key: "hide"',
    );
  });
});

describe("POST /space/applyReferralCode", () => {
  it("needs a session", async () => {
    expectStatus(
      await call("POST", "/space/applyReferralCode", { body: { referralCode: "MARIA-DEMO" } }),
      401,
      LOGIN_FIRST,
    );
  });

  it("applies a friend's code (any case) to an account without one", async () => {
    const friend = await createUser({ nickName: "Friendly" });
    const { user, cookie } = await loggedInUser();
    const answer = await call("POST", "/space/applyReferralCode", {
      cookie,
      body: { referralCode: friend.user.referralCode.toLowerCase() },
    });
    expectStatus(answer, 200, "The referral code has been applied.");
    expect(answer.body.result).toEqual({ referralCode: friend.user.referralCode, referrerName: "Friendly" });
    expect((await userRow(user.id)).referredBy).toBe(friend.user.id);
    const code = await call("POST", "/user/getMyCode", { cookie });
    expect(code.body.result).toMatchObject({ referred: true });
  });

  it("refuses a second code: one is already applied", async () => {
    const first = await createUser();
    const second = await createUser();
    const { user, cookie } = await loggedInUser({ referredBy: first.user.id });
    expectRefused(
      await call("POST", "/space/applyReferralCode", {
        cookie,
        body: { referralCode: second.user.referralCode },
      }),
      "referralCode",
      "A referral code has already been applied to your account.",
    );
    expect((await userRow(user.id)).referredBy).toBe(first.user.id);
  });

  it("refuses the user's own code", async () => {
    const { user, cookie } = await loggedInUser();
    expectRefused(
      await call("POST", "/space/applyReferralCode", { cookie, body: { referralCode: user.referralCode } }),
      "referralCode",
      "You cannot use your own referral code.",
    );
    expect((await userRow(user.id)).referredBy).toBeNull();
  });

  it("refuses the code of a friend who signed up with the user's own", async () => {
    const { user, cookie } = await loggedInUser();
    const invited = await createUser({ referredBy: user.id });
    expectRefused(
      await call("POST", "/space/applyReferralCode", {
        cookie,
        body: { referralCode: invited.user.referralCode },
      }),
      "referralCode",
      "You cannot use the code of a friend who signed up with yours.",
    );
    expect((await userRow(user.id)).referredBy).toBeNull();
  });

  const cases: [string, unknown, string][] = [
    ["an unknown code", "NOBODY-0000", "This referral code is not valid."],
    ["an empty code", "", "Referral code is required"],
    ["no code", undefined, "Referral code is required"],
    [
      "a code with spaces or symbols",
      "MARIA DEMO!",
      "Referral code may only contain letters, digits, hyphens and underscores.",
    ],
    ["a code too long", "A".repeat(21), "Referral code must be at most 20 characters."],
  ];
  for (const [name, referralCode, message] of cases) {
    it(`refuses ${name}`, async () => {
      const { user, cookie } = await loggedInUser();
      expectRefused(
        await call("POST", "/space/applyReferralCode", {
          cookie,
          body: referralCode === undefined ? {} : { referralCode },
        }),
        "referralCode",
        message,
      );
      expect((await userRow(user.id)).referredBy).toBeNull();
    });
  }
});

describe("the entry URL at sign-up (signup-form action)", () => {
  function signupForm(email: string, extra: Record<string, string> = {}): URLSearchParams {
    return new URLSearchParams({
      firstName: "Lea",
      lastName: "Salonga",
      nickName: "Lea",
      email,
      phoneNumber: "09171234567",
      password: "a-good-password",
      confirmPassword: "a-good-password",
      interested: "renter",
      dob: "1990-01-31",
      acceptTerms: "on",
      ...extra,
    });
  }

  async function submitSignup(form: URLSearchParams, cookie?: string): Promise<Response> {
    const headers = new Headers({ "Content-Type": "application/x-www-form-urlencoded" });
    if (cookie) headers.set("Cookie", cookie);
    const request = new Request("http://localhost/auth/signup-form", { method: "POST", headers, body: form });
    const response = await signupAction({ request, params: {}, context: {} });
    if (!(response instanceof Response)) throw new Error(`no redirect: ${JSON.stringify(response)}`);
    return response;
  }

  it("stores the landing URL and time kept in the visitor's sealed cookie, and removes the cookie", async () => {
    const landedAt = new Date(Date.now() - 2 * 60 * 60 * 1000);
    const setCookie = await entryCookieHeader(
      new Request("http://localhost/storage/listings?city=makati&utm_source=fb"),
      {
        loggedIn: false,
        origin: "http://localhost",
        now: landedAt,
      },
    );
    const email = uniqueEmail("entry");
    const response = await submitSignup(signupForm(email), setCookie?.split(";")[0]);
    expect(response.status).toBe(302);
    expect(response.headers.getSetCookie().some((cookie) => /^ss_entry=; .*Max-Age=0/.test(cookie))).toBe(
      true,
    );
    const { db } = await getDatabase();
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user?.entryUrl).toBe("http://localhost/storage/listings?city=makati&utm_source=fb");
    expect(user?.entryUrlAt?.toISOString()).toBe(landedAt.toISOString());
  });

  it("ignores an entry URL posted with the form, and a forged cookie", async () => {
    const email = uniqueEmail("forged");
    const form = signupForm(email, {
      entryUrl: "https://evil.example/",
      entryUrlAt: "2020-01-01T00:00:00.000Z",
    });
    const response = await submitSignup(form, "ss_entry=v1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(response.status).toBe(302);
    const { db } = await getDatabase();
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user?.entryUrl).toBeNull();
    expect(user?.entryUrlAt).toBeNull();
  });
});
