import { describe, expect, it } from "vitest";
import { keyFiltered } from "./account-rules.server";
import {
  AccountSettingsFormSchema,
  EditAccountFormSchema,
  EditProfileSchema,
  InviteFriendFormSchema,
  splitEmails,
} from "./profile-rules.server";

describe("splitEmails", () => {
  it("splits on commas, semicolons, spaces and new lines, and drops empty parts and duplicates", () => {
    expect(splitEmails("a@x.ph, b@x.ph;c@x.ph\n\nd@x.ph  A@X.PH,,")).toEqual([
      "a@x.ph",
      "b@x.ph",
      "c@x.ph",
      "d@x.ph",
    ]);
    expect(splitEmails("  \n , ")).toEqual([]);
  });
});

describe("the invite form", () => {
  const messages = (emails: string) => {
    const result = InviteFriendFormSchema.safeParse({ emails });
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  };

  it("lowercases the addresses it accepts", () => {
    expect(InviteFriendFormSchema.parse({ emails: "Ana@Example.ph\nben@example.ph" })).toEqual({
      emails: ["ana@example.ph", "ben@example.ph"],
      message: null,
    });
  });

  it("names the first bad address, refuses none and more than ten", () => {
    expect(messages("ok@example.ph, nope, also-bad")).toEqual(['"nope" is not a valid e-mail address.']);
    expect(messages(" , ")).toEqual(["Please enter at least one e-mail address."]);
    expect(messages(Array.from({ length: 11 }, (_, i) => `f${i}@example.ph`).join(","))).toEqual([
      "You can invite at most 10 friends at a time.",
    ]);
  });
});

describe("key-press filters on the server", () => {
  it("label allows letters (ñ too), digits, spaces, hyphens and underscores, and stores NFC", () => {
    const schema = keyFiltered("label", "Nick name");
    expect(schema.parse("Niño_2 Dela-Cruz")).toBe("Niño_2 Dela-Cruz");
    expect(schema.parse("Nin\u0303o")).toBe("Niño");
    expect(schema.safeParse("Mia!").error?.issues[0]?.message).toBe(
      "Nick name may only contain letters, digits, spaces, hyphens and underscores.",
    );
  });

  it("code refuses spaces", () => {
    expect(keyFiltered("code", "Referral code").safeParse("AB CD").success).toBe(false);
    expect(keyFiltered("code", "Referral code").parse("AB-CD_1")).toBe("AB-CD_1");
  });
});

describe("editProfile's body", () => {
  it("keeps only the fields sent; optional ones sent empty become null", () => {
    expect(EditProfileSchema.parse({ nickName: "Mia" })).toEqual({ nickName: "Mia" });
    expect(EditProfileSchema.parse({ middleName: "", gender: null })).toEqual({
      middleName: null,
      gender: null,
    });
  });
});

describe("the forms", () => {
  it("edit-account-info clears the optional fields left empty", () => {
    const value = EditAccountFormSchema.parse({
      firstName: "Ana",
      lastName: "Reyes",
      nickName: "Annie",
      dob: "1990-01-02",
      phoneNumber: "09171234567",
    });
    expect(value).toMatchObject({ middleName: null, suffix: null, gender: null, aboutMe: null });
  });

  it("account-settings reads an unticked box as false", () => {
    expect(AccountSettingsFormSchema.parse({ emailNotifications: true, measurementUnit: "feet" })).toEqual({
      emailNotifications: true,
      smsNotifications: false,
      allowFacebookNotifications: false,
      measurementUnit: "feet",
    });
  });
});
