import { describe, expect, it } from "vitest";
import { ADDRESS_FIELDS, AddressSchema } from "./address-rules";

const ADDRESS = {
  addressLine1: "Unit 12B, Tower 2",
  addressLine2: "Salcedo Village",
  city: "Makati",
  barangay: "Bel-Air",
  province: "Metro Manila",
  houseNumber: "123",
  street: "Valero Street",
};

const MESSAGES = {
  addressLine1: "Address line 1 is required",
  addressLine2: "Address line 2 is required",
  city: "City is required",
  barangay: "Barangay is required",
  province: "Province is required",
  houseNumber: "House number is required",
  street: "Street is required",
};

function messages(input: unknown): string[] {
  const parsed = AddressSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe("AddressSchema (docs/product.md, Validation texts: address)", () => {
  it("accepts a full address and trims it", () => {
    expect(AddressSchema.parse({ ...ADDRESS, street: "  Valero Street " })).toEqual(ADDRESS);
  });

  it.each(ADDRESS_FIELDS)("requires %s, missing or blank", (field) => {
    const { [field]: _, ...without } = ADDRESS;
    expect(messages(without)).toEqual([MESSAGES[field]]);
    expect(messages({ ...ADDRESS, [field]: "   " })).toEqual([MESSAGES[field]]);
  });

  it("reports the fields in the product's order: line 1, line 2, city, barangay, province, house number, street", () => {
    expect(messages({})).toEqual(ADDRESS_FIELDS.map((field) => MESSAGES[field]));
  });

  it("caps the lengths and refuses unknown fields", () => {
    expect(messages({ ...ADDRESS, addressLine1: "x".repeat(121) })).toEqual([
      "Address line 1 must be at most 120 characters.",
    ]);
    expect(messages({ ...ADDRESS, houseNumber: "1".repeat(21) })).toEqual([
      "House number must be at most 20 characters.",
    ]);
    expect(AddressSchema.safeParse({ ...ADDRESS, zip: "1209" }).success).toBe(false);
  });
});
