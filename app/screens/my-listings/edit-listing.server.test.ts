import { describe, expect, it } from "vitest";
import { editedSteps, parseListingEdit } from "~/screens/my-listings/edit-listing.server";

/** A filled-in edit form of a storage listing rented whole, as the browser posts it. */
function storageForm(changes: Record<string, string | string[] | null> = {}): FormData {
  const fields: Record<string, string | string[]> = {
    addressLine1: "27 Don Pedro Street",
    addressLine2: "Ground floor, unit B",
    city: "makati",
    barangay: "Poblacion",
    province: "Metro Manila",
    latitude: "14.5657",
    longitude: "121.0305",
    storageType: "storage",
    kind: "spareRoom",
    lengthUnit: "meter",
    length: "3",
    width: "2",
    height: "2.5",
    entireSpace: "on",
    unitOfRental: "sqm",
    features: ["cctv", "lighting"],
    accessOption: "all_time",
    spaceTitle: "Dry room in Poblacion",
    description: "",
    rentalDurations: ["1_month", "6_months"],
    monthlyPrice: "3500",
    depositRequired: "on",
    contractType: "standard",
  };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete fields[name];
    else fields[name] = value;
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const each of Array.isArray(value) ? value : [value]) form.append(name, each);
  return form;
}

describe("editedSteps", () => {
  it("has the size step of the listing's type and never the photos or the preview", () => {
    expect(editedSteps("storage")).toContain("storage-space-size-measurements");
    expect(editedSteps("parking")).toContain("vehicle-size-measurements");
    expect(editedSteps("parking")).not.toContain("storage-space-size-measurements");
    for (const type of ["storage", "parking"] as const) {
      expect(editedSteps(type)).not.toContain("add-more-details");
      expect(editedSteps(type)).not.toContain("preview");
    }
  });
});

describe("parseListingEdit", () => {
  it("answers the fields of every step, typed, with the switches left out as false", () => {
    const { submission, value } = parseListingEdit(storageForm(), "storage");
    expect(submission.status).toBe("success");
    expect(value).toMatchObject({
      city: "makati",
      latitude: 14.5657,
      kind: "spareRoom",
      length: 3,
      entireSpace: true,
      features: ["cctv", "lighting"],
      spaceTitle: "Dry room in Poblacion",
      rentalDurations: ["1_month", "6_months"],
      monthlyPrice: 3500,
      depositRequired: true,
      contractType: "standard",
      firstMonthDiscount: false,
      quickMoveIn: false,
    });
    expect(value).not.toHaveProperty("coverPhotoIndex");
    expect(value).not.toHaveProperty("publish");
  });

  it("collects every step's errors, the first step's first", () => {
    const { submission } = parseListingEdit(
      storageForm({ addressLine1: null, spaceTitle: "", monthlyPrice: "abc", rentalDurations: null }),
      "storage",
    );
    expect(submission.status).toBe("error");
    expect(Object.keys(submission.error)).toEqual([
      "addressLine1",
      "spaceTitle",
      "rentalDurations",
      "monthlyPrice",
    ]);
    expect(submission.error.spaceTitle).toEqual(["Title is required."]);
    const reply = submission.reply();
    expect(reply.status).toBe("error");
    expect(reply.error).toMatchObject({ spaceTitle: ["Title is required."] });
    expect(reply.initialValue).toMatchObject({ monthlyPrice: "abc", kind: "spareRoom" });
  });

  it("keeps the API's field errors beside its own in the reply", () => {
    const { submission } = parseListingEdit(storageForm(), "storage");
    const reply = submission.reply({
      fieldErrors: { monthlyPrice: ["Monthly price must be at most ₱999."] },
    });
    expect(reply.error).toEqual({ monthlyPrice: ["Monthly price must be at most ₱999."] });
  });
});
