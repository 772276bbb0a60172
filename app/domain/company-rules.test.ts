import { describe, expect, it } from "vitest";
import { CorporateProfileSchema, TIN_CHARACTERS, TIN_LENGTH, TIN_REQUIRED, tinNumber } from "./company-rules";

function tinMessages(value: unknown): string[] {
  const parsed = tinNumber.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe("tinNumber (docs/product.md, Validation texts: required)", () => {
  it("accepts 9 to 12 digits, with or without dashes", () => {
    for (const tin of ["123456789", "123-456-789", "123-456-789-000", "123456789000", " 123-456-789-00 "]) {
      expect(tinMessages(tin), tin).toEqual([]);
    }
    expect(tinNumber.parse(" 123-456-789 ")).toBe("123-456-789");
  });

  it("is required", () => {
    expect(tinMessages(undefined)).toEqual([TIN_REQUIRED]);
    expect(tinMessages("")).toEqual([TIN_REQUIRED]);
    expect(tinMessages("   ")).toEqual([TIN_REQUIRED]);
    expect(TIN_REQUIRED).toBe("TIN number is required");
  });

  it("takes digits and single dashes between them only", () => {
    for (const tin of [
      "123 456 789",
      "123-456-78A",
      "-123456789",
      "123456789-",
      "123--456-789",
      "１２３４５６７８９",
    ]) {
      expect(tinMessages(tin), tin).toEqual([TIN_CHARACTERS]);
    }
  });

  it("has 9 to 12 digits", () => {
    expect(tinMessages("12345678")).toEqual([TIN_LENGTH]);
    expect(tinMessages("123-456-78")).toEqual([TIN_LENGTH]);
    expect(tinMessages("1234567890123")).toEqual([TIN_LENGTH]);
  });
});

describe("CorporateProfileSchema", () => {
  const address = {
    addressLine1: "2F Santos Building",
    addressLine2: "IT Park",
    city: "Cebu City",
    barangay: "Lahug",
    province: "Cebu",
    houseNumber: "8",
    street: "Salinas Drive",
  };

  it("needs the company name, the TIN and a full business address", () => {
    const parsed = CorporateProfileSchema.safeParse({ businessAddress: { ...address, street: "" } });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["companyName", "Company name is required"],
      ["tinNumber", "TIN number is required"],
      ["businessAddress.street", "Street is required"],
    ]);
  });

  it("accepts a complete profile", () => {
    expect(
      CorporateProfileSchema.parse({
        companyName: " Santos Trading Corp. ",
        tinNumber: "123-456-789-000",
        businessAddress: address,
      }),
    ).toEqual({
      companyName: "Santos Trading Corp.",
      tinNumber: "123-456-789-000",
      businessAddress: address,
    });
  });
});
