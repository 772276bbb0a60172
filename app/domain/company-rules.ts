import { z } from "zod/v4";
import { AddressSchema } from "./address-rules";

/**
 * The company profile of a user who rents as a company (/user/userCorporateProfile): the company's name, its TIN
 * (docs/product.md, Validation texts: "tinNumber required") and its business address (the address rules). A Philippine
 * TIN is 9 digits, often followed by a branch code (123-456-789-000): 9 to 12 digits, written with or without dashes.
 */
export const TIN_REQUIRED = "TIN number is required";
export const TIN_CHARACTERS = "TIN number may only contain digits and dashes, for example 123-456-789-000.";
export const TIN_LENGTH = "TIN number must have 9 to 12 digits.";

export const companyName = z
  .string({ error: "Company name is required" })
  .trim()
  .min(1, "Company name is required")
  .max(120, "Company name must be at most 120 characters.");

export const tinNumber = z
  .string({ error: TIN_REQUIRED })
  .trim()
  .min(1, { error: TIN_REQUIRED, abort: true })
  .pipe(z.string().regex(/^\d+(-\d+)*$/, TIN_CHARACTERS))
  .pipe(
    z.string().refine((value) => {
      const digits = value.replace(/-/g, "").length;
      return digits >= 9 && digits <= 12;
    }, TIN_LENGTH),
  );

export const CorporateProfileSchema = z.strictObject({
  companyName,
  tinNumber,
  businessAddress: AddressSchema,
});

export type CorporateProfileInput = z.input<typeof CorporateProfileSchema>;
