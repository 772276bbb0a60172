import { describe, expect, it } from "vitest";
import { firstLoginStart, firstLoginStepNumber, isFirstLoginFlow, nextFirstLoginStep } from "./first-login";

describe("the first-login walk-through", () => {
  it("goes photo → phone → address, then ends", () => {
    expect(firstLoginStart()).toBe("/user-profile/create-profile-photo?flow=first-login");
    expect(nextFirstLoginStep("/user-profile/create-profile-photo")).toBe(
      "/user-profile/confirm-phone-number?flow=first-login",
    );
    expect(nextFirstLoginStep("/user-profile/confirm-phone-number")).toBe(
      "/user-profile/create-profile-address?flow=first-login",
    );
    expect(nextFirstLoginStep("/user-profile/create-profile-address")).toBeNull();
    expect(firstLoginStepNumber("/user-profile/confirm-phone-number")).toBe(2);
  });

  it("is marked on the URL", () => {
    expect(isFirstLoginFlow("/user-profile/create-profile-photo?flow=first-login")).toBe(true);
    expect(isFirstLoginFlow("/user-profile/create-profile-photo")).toBe(false);
  });
});
