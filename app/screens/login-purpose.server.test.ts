import { describe, expect, it } from "vitest";
import { purposeOf } from "~/screens/login-purpose.server";

const SPACE = "0a7f6c1e-4d5b-4c1a-9f1e-2b3c4d5e6f70";

describe("why the login page interrupts", () => {
  it("reads reserving and asking for a viewing from the way back", () => {
    for (const step of ["storage", "parking", "parking-selected-days", "payment-method"]) {
      expect(purposeOf(`/reserve-space/${step}?spaceId=${SPACE}`)).toEqual({
        action: "reserve",
        spaceId: SPACE,
      });
    }
    expect(purposeOf(`/messages/schedule-a-visit?spaceId=${SPACE}`)).toEqual({
      action: "viewing",
      spaceId: SPACE,
    });
    expect(purposeOf(`/reserve-space/ask-for-visit?spaceId=${SPACE}`)).toEqual({
      action: "viewing",
      spaceId: SPACE,
    });
  });

  it("has nothing to say for other pages, nor for a way back off this site", () => {
    expect(purposeOf(null)).toBeNull();
    expect(purposeOf("/user-profile/user-profile-menu")).toBeNull();
    expect(purposeOf("/reserve-space/cancel-reservation?bookingId=1")).toBeNull();
    expect(purposeOf(`//evil.example/reserve-space/storage?spaceId=${SPACE}`)).toBeNull();
  });
});
