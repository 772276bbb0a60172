import { describe, expect, it } from "vitest";
import {
  firstLoginEnd,
  firstLoginStart,
  firstLoginStepNumber,
  isFirstLoginFlow,
  nextFirstLoginStep,
} from "./first-login";

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

  it("keeps the page the newcomer was going to through every step, and ends there", () => {
    const reserve = "/reserve-space/storage?spaceId=0a7f6c1e-4d5b-4c1a-9f1e-2b3c4d5e6f70";
    const start = firstLoginStart(reserve);
    expect(start).toBe(
      `/user-profile/create-profile-photo?flow=first-login&redirectTo=${encodeURIComponent(reserve)}`,
    );
    const phone = nextFirstLoginStep("/user-profile/create-profile-photo", start);
    expect(phone).toBe(
      `/user-profile/confirm-phone-number?flow=first-login&redirectTo=${encodeURIComponent(reserve)}`,
    );
    const address = nextFirstLoginStep("/user-profile/confirm-phone-number", phone ?? "");
    expect(address).toMatch(/^\/user-profile\/create-profile-address\?flow=first-login&redirectTo=/);
    expect(firstLoginEnd(address ?? "")).toBe(reserve);
  });

  it("ends at home without a way on, or with one that leaves this site", () => {
    expect(firstLoginEnd(firstLoginStart())).toBe("/");
    expect(firstLoginStart("/")).toBe("/user-profile/create-profile-photo?flow=first-login");
    expect(firstLoginStart("//evil.example/x")).toBe("/user-profile/create-profile-photo?flow=first-login");
    expect(
      firstLoginEnd("/user-profile/create-profile-address?flow=first-login&redirectTo=%2F%09%2Fevil.example"),
    ).toBe("/");
  });
});
