import { z } from "zod/v4";

/**
 * A postal address in the Philippines (docs/product.md, Validation texts: line 1, line 2 and city required; barangay,
 * province, house number and street required). Used for a user's own address (/user/updateAddress) and a company's
 * business address (/user/userCorporateProfile). The fields are checked in the product's order, so the first failing
 * rule, the one shown as a toast, is the first empty field of the form. Whether the city is one of /user/cityList is
 * checked by the API against the cities table.
 */
function requiredText(label: string, max: number) {
  const message = `${label} is required`;
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be at most ${max} characters.`);
}

export const ADDRESS_FIELDS = [
  "addressLine1",
  "addressLine2",
  "city",
  "barangay",
  "province",
  "houseNumber",
  "street",
] as const;

export const AddressSchema = z.strictObject({
  addressLine1: requiredText("Address line 1", 120),
  addressLine2: requiredText("Address line 2", 120),
  city: requiredText("City", 80),
  barangay: requiredText("Barangay", 80),
  province: requiredText("Province", 80),
  houseNumber: requiredText("House number", 20),
  street: requiredText("Street", 120),
});

export type AddressInput = z.input<typeof AddressSchema>;

/** The message when the city is not one of the cities of /user/cityList. */
export const UNKNOWN_CITY = "Please choose a city from the list.";
