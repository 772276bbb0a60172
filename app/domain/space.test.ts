import { describe, expect, it } from "vitest";
import {
  LISTING_STEPS,
  nextStep,
  PUBLISHING_MESSAGES,
  type PublishableListing,
  previousStep,
  progressSteps,
  progressStepTitle,
  publishingGaps,
  resumeStep,
  slugify,
  stepsFor,
} from "./space";

const complete: PublishableListing = {
  spaceTitle: "Dry garage in Makati",
  addressLine1: "12 Jupiter St",
  cityId: 1,
  latitude: 14.55,
  longitude: 121.02,
  storageType: "storage",
  kind: "garage",
  areaSqm: 18,
  vehicleSize: null,
  photoCount: 1,
  rentalDurations: ["1_month"],
  monthlyPrice: 300_000,
  dailyPrice: null,
};

describe("the wizard's steps", () => {
  it("shows storage the storage size step and parking the vehicle size step", () => {
    expect(stepsFor("storage")).toContain("storage-space-size-measurements");
    expect(stepsFor("storage")).not.toContain("vehicle-size-measurements");
    expect(stepsFor("parking")).toContain("vehicle-size-measurements");
    expect(stepsFor("parking")).not.toContain("storage-space-size-measurements");
    expect(stepsFor(null)).toHaveLength(LISTING_STEPS.length - 2);
  });

  it("counts the same number of steps before and after the type is chosen, each at the same place", () => {
    const before = progressSteps(null);
    expect(before).toHaveLength(stepsFor("storage").length);
    expect(before).toHaveLength(stepsFor("parking").length);
    expect(progressSteps("parking")).toEqual(stepsFor("parking"));
    for (const step of before) {
      if (step === "size") continue;
      expect(stepsFor("storage").indexOf(step)).toBe(before.indexOf(step));
      expect(stepsFor("parking").indexOf(step)).toBe(before.indexOf(step));
    }
    expect(before.indexOf("size")).toBe(stepsFor("storage").indexOf("storage-space-size-measurements"));
    expect(progressStepTitle("size")).toBe("How big is it?");
  });

  it("moves forward and back through a type's steps", () => {
    expect(nextStep("kind-of-space-are-you-listing", "storage")).toBe("storage-space-size-measurements");
    expect(nextStep("kind-of-space-are-you-listing", "parking")).toBe("vehicle-size-measurements");
    expect(nextStep("storage-space-size-measurements", "storage")).toBe("features");
    expect(previousStep("features", "parking")).toBe("vehicle-size-measurements");
    expect(previousStep("location", "storage")).toBeNull();
    expect(nextStep("preview", "storage")).toBeNull();
  });

  it("resumes at the first step not saved yet", () => {
    expect(resumeStep(null, [])).toBe("location");
    expect(resumeStep("parking", ["location", "pin-location-on-map", "kind-of-space-are-you-listing"])).toBe(
      "vehicle-size-measurements",
    );
    const allButPreview = stepsFor("storage").filter((step) => step !== "preview");
    expect(resumeStep("storage", allButPreview)).toBe("preview");
  });

  it("does not resume at the optional flood-readiness step", () => {
    const throughFeatures = stepsFor("storage").slice(0, stepsFor("storage").indexOf("features") + 1);
    expect(resumeStep("storage", throughFeatures)).toBe("add-more-details");
    const allButReadiness = stepsFor("storage").filter(
      (step) => step !== "preview" && step !== "flood-readiness",
    );
    expect(resumeStep("storage", allButReadiness)).toBe("preview");
  });
});

describe("publishing requirements", () => {
  it("finds nothing missing in a complete listing", () => {
    expect(publishingGaps(complete)).toEqual([]);
  });

  it("names each missing requirement with the step that fixes it, in step order", () => {
    const empty: PublishableListing = {
      spaceTitle: null,
      addressLine1: null,
      cityId: null,
      latitude: null,
      longitude: null,
      storageType: null,
      kind: null,
      areaSqm: null,
      vehicleSize: null,
      photoCount: 0,
      rentalDurations: [],
      monthlyPrice: null,
      dailyPrice: null,
    };
    expect(publishingGaps(empty)).toEqual([
      { step: "location", message: PUBLISHING_MESSAGES.address },
      { step: "pin-location-on-map", message: PUBLISHING_MESSAGES.pin },
      { step: "kind-of-space-are-you-listing", message: PUBLISHING_MESSAGES.kind },
      { step: "add-more-details", message: PUBLISHING_MESSAGES.photo },
      { step: "describe-your-space", message: PUBLISHING_MESSAGES.title },
      { step: "list-your-space-frequency", message: PUBLISHING_MESSAGES.frequency },
      { step: "set-your-space-price", message: PUBLISHING_MESSAGES.price },
    ]);
  });

  it("needs the size of storage, the vehicle of parking and a parking daily price", () => {
    expect(publishingGaps({ ...complete, areaSqm: null })).toEqual([
      { step: "storage-space-size-measurements", message: PUBLISHING_MESSAGES.size },
    ]);
    const parking = { ...complete, storageType: "parking" as const, kind: "condo", areaSqm: null };
    expect(publishingGaps(parking).map((gap) => gap.step)).toEqual([
      "vehicle-size-measurements",
      "set-your-space-price",
    ]);
    expect(publishingGaps({ ...parking, vehicleSize: "sedan", dailyPrice: 15_000 })).toEqual([]);
  });

  it("does not take a blank title or address", () => {
    expect(
      publishingGaps({ ...complete, spaceTitle: "  ", addressLine1: " " }).map((gap) => gap.step),
    ).toEqual(["location", "describe-your-space"]);
  });
});

describe("links", () => {
  it("slugs a title without changing the listing's identity", () => {
    expect(slugify("Dry Garage in Parañaque — 24/7!")).toBe("dry-garage-in-paranaque-24-7");
    expect(slugify(null)).toBe("");
  });
});
