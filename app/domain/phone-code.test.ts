import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compactPhoneNumber,
  otp,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_TTL_MS,
  phoneCodeState,
  phoneCodeText,
  phoneNumber,
  resendWaitMessage,
  resendWaitSeconds,
  wrongCodeMessage,
} from "./phone-code";

const sentAt = new Date("2026-11-21T02:00:00.000Z");
const code = { expiresAt: new Date(sentAt.getTime() + PHONE_CODE_TTL_MS), usedAt: null, attempts: 0 };
const at = (ms: number) => new Date(sentAt.getTime() + ms);

describe("phoneCodeState", () => {
  it("is live for 5 minutes, then expired", () => {
    expect(phoneCodeState(code, sentAt)).toBe("live");
    expect(phoneCodeState(code, at(PHONE_CODE_TTL_MS - 1))).toBe("live");
    expect(phoneCodeState(code, at(PHONE_CODE_TTL_MS))).toBe("expired");
  });

  it("is dead after 5 wrong tries, and once used", () => {
    expect(phoneCodeState({ ...code, attempts: PHONE_CODE_MAX_TRIES - 1 }, sentAt)).toBe("live");
    expect(phoneCodeState({ ...code, attempts: PHONE_CODE_MAX_TRIES }, sentAt)).toBe("exhausted");
    expect(phoneCodeState({ ...code, usedAt: at(1000) }, at(2000))).toBe("used");
    // Used wins over every other reason, so the message says what happened first.
    expect(phoneCodeState({ ...code, usedAt: at(1000), attempts: 5 }, at(PHONE_CODE_TTL_MS * 2))).toBe(
      "used",
    );
  });
});

describe("resendWaitSeconds", () => {
  it("allows a first code at once, and a new one a minute after the last", () => {
    expect(resendWaitSeconds(undefined, sentAt)).toBe(0);
    expect(resendWaitSeconds(sentAt, sentAt)).toBe(60);
    expect(resendWaitSeconds(sentAt, at(59_001))).toBe(1);
    expect(resendWaitSeconds(sentAt, at(60_000))).toBe(0);
    expect(resendWaitSeconds(sentAt, at(3_600_000))).toBe(0);
  });

  it("never asks for more than 60 seconds nor less than 1 while waiting", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 59_999 }), (elapsed) => {
        const wait = resendWaitSeconds(sentAt, at(elapsed));
        return wait >= 1 && wait <= 60;
      }),
    );
  });
});

describe("the rules of the number and the code", () => {
  it("compacts the number and keeps the sign-up rules", () => {
    expect(compactPhoneNumber("0917 123-4567")).toBe("09171234567");
    expect(phoneNumber.parse(" +63 917 1234567 ")).toBe("+639171234567");
    expect(phoneNumber.safeParse("0917 12 34").error?.issues[0]?.message).toBe(
      "Phone number must be greater than or equal to 10 characters.",
    );
    expect(phoneNumber.safeParse("").error?.issues[0]?.message).toBe("Phone number is required");
  });

  it("takes exactly six digits as the code", () => {
    expect(otp.parse(" 012345 ")).toBe("012345");
    expect(otp.safeParse("").error?.issues.map((issue) => issue.message)).toEqual([
      "Please enter the 6-digit code we sent you.",
    ]);
    for (const bad of ["12345", "1234567", "12 456", "abcdef"]) {
      expect(otp.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        "The code is the 6 digits of the text message we sent you.",
      );
    }
  });
});

describe("messages", () => {
  it("say how long to wait and how many tries are left", () => {
    expect(resendWaitMessage(1)).toBe("Please wait 1 second before asking for a new code.");
    expect(resendWaitMessage(42)).toBe("Please wait 42 seconds before asking for a new code.");
    expect(wrongCodeMessage(4)).toBe("The code is incorrect. You have 4 tries left.");
    expect(wrongCodeMessage(1)).toBe("The code is incorrect. You have 1 try left.");
    expect(wrongCodeMessage(0)).toBe(
      "The code is incorrect. That was the last try for this code; please ask for a new code.",
    );
    expect(phoneCodeText("012345")).toMatch(
      /^012345 is your Space Solution code\. It is valid for 5 minutes\./,
    );
  });
});
