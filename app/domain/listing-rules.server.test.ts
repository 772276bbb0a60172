import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  AddMySpaceSchema,
  DescribeStep,
  FeaturesStep,
  KIND_MESSAGE,
  KindStep,
  monthlyPriceBound,
  OUTSIDE_PHILIPPINES,
  PinStep,
  PriceStep,
  StorageSizeStep,
} from "./listing-rules.server";

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe("the steps' forms", () => {
  it("reads numbers, checkboxes and lists from a form", () => {
    const size = parseWithZod(
      form([
        ["lengthUnit", "feet"],
        ["length", "10"],
        ["width", "8.5"],
        ["height", "9"],
        ["entireSpace", "on"],
        ["unitOfRental", "sqm"],
      ]),
      { schema: StorageSizeStep.form },
    );
    expect(size.status).toBe("success");
    if (size.status === "success")
      expect(size.value).toMatchObject({ length: 10, width: 8.5, entireSpace: true, unitOfRental: "sqm" });

    const features = parseWithZod(
      form([
        ["features", "cctv"],
        ["accessOption", "24 hours notice"],
      ]),
      {
        schema: FeaturesStep.form,
      },
    );
    expect(features.status === "success" && features.value.features).toEqual(["cctv"]);
  });

  it("says what is missing with the step's messages", () => {
    const size = parseWithZod(
      form([
        ["lengthUnit", "meter"],
        ["unitOfRental", "sqm"],
      ]),
      {
        schema: StorageSizeStep.form,
      },
    );
    expect(size.status).toBe("error");
    expect(size.reply().error?.length).toEqual(["Length is required."]);
    const perUnit = StorageSizeStep.form.safeParse({
      lengthUnit: "meter",
      length: 2,
      width: 2,
      height: 2,
      entireSpace: false,
      unitOfRental: "pallet",
    });
    expect(firstMessage(perUnit)).toBe("Units for rent is required.");
    expect(firstMessage(DescribeStep.form.safeParse({ spaceTitle: "" }))).toBe("Title is required.");
    expect(firstMessage(DescribeStep.form.safeParse({ spaceTitle: "<script>" }))).toBe(
      "Title can have only letters, numbers, spaces, hyphens and underscores.",
    );
  });

  it("keeps the pin in the Philippines and the kind in its type", () => {
    expect(PinStep.form.safeParse({ latitude: 14.5995, longitude: 120.9842 }).success).toBe(true);
    expect(firstMessage(PinStep.form.safeParse({ latitude: 1.29, longitude: 103.85 }))).toBe(
      OUTSIDE_PHILIPPINES,
    );
    expect(KindStep.form.safeParse({ storageType: "parking", kind: "garage" }).success).toBe(true);
    expect(firstMessage(KindStep.form.safeParse({ storageType: "parking", kind: "attic" }))).toBe(
      KIND_MESSAGE,
    );
  });

  it("bounds prices by the product's 1 and 999 per unit", () => {
    expect(firstMessage(PriceStep.form.safeParse({ monthlyPrice: 0.5 }))).toBe(
      "Monthly price must be at least ₱1.",
    );
    expect(firstMessage(PriceStep.form.safeParse({ monthlyPrice: 10, dailyPrice: 1000 }))).toBe(
      "Daily price must be at most ₱999.",
    );
    expect(firstMessage(PriceStep.form.safeParse({ monthlyPrice: 10.005 }))).toBe(
      "Monthly price can have at most 2 decimals.",
    );
    expect(PriceStep.form.safeParse({ monthlyPrice: 1234.5 }).success).toBe(true);
    expect(monthlyPriceBound({ storageType: "storage", entireSpace: false })).toBe(999);
    expect(monthlyPriceBound({ storageType: "storage", entireSpace: true })).toBe(999_999);
  });
});

describe("POST /space/addMySpace's body", () => {
  const id = "3f1c3b7e-2a4d-4e8b-9c1a-5d6e7f809a1b";

  it("takes a step with its fields and the draft's id", () => {
    const body = AddMySpaceSchema.safeParse({ step: "deposit", spaceId: id, depositRequired: true });
    expect(body.success && body.data).toEqual({ step: "deposit", spaceId: id, depositRequired: true });
  });

  it("may start a draft only at the first step", () => {
    const start = {
      step: "location",
      addressLine1: "12 Jupiter St",
      addressLine2: "Bel-Air",
      city: "makati",
      barangay: "Bel-Air",
      province: "Metro Manila",
    };
    expect(AddMySpaceSchema.safeParse(start).success).toBe(true);
    expect(AddMySpaceSchema.safeParse({ step: "deposit", depositRequired: true }).success).toBe(false);
  });

  it("refuses unknown steps and fields, and applies the step's checks", () => {
    expect(firstMessage(AddMySpaceSchema.safeParse({ step: "nope", spaceId: id }))).toBe(
      "Unknown listing step.",
    );
    expect(AddMySpaceSchema.safeParse({ step: "deposit", spaceId: id, hostId: id }).success).toBe(false);
    expect(
      firstMessage(
        AddMySpaceSchema.safeParse({ step: "pin-location-on-map", spaceId: id, latitude: 0, longitude: 0 }),
      ),
    ).toBe(OUTSIDE_PHILIPPINES);
  });
});
