import { z } from "zod/v4";
import { PAYOUT_METHODS } from "./payouts";

/**
 * The payout method form's rules (docs/product.md, Validation texts and Payouts), shared by the
 * API and the screen's action. The product rules give the rules, not their words: these messages say them in the voice
 * of its other messages ("First name is required"). The first failing rule's message is the one shown. A .server
 * module: zod stays out of the JavaScript phones download.
 */
export const METHOD_REQUIRED = "Please choose bank, GCash or Paymaya.";
export const ACCOUNT_NAME_REQUIRED = "Account name is required";
export const BANK_NAME_REQUIRED = "Bank name is required";
export const BANK_NUMBER_REQUIRED = "Account number is required";
export const BANK_NUMBER_LENGTH = "Account number must be 10 to 16 characters.";
export const GCASH_NUMBER_REQUIRED = "GCash number is required";
export const GCASH_NUMBER_LENGTH = "GCash number must be exactly 11 characters.";
export const PAYMAYA_NUMBER_REQUIRED = "Paymaya number is required";
export const PAYMAYA_NUMBER_LENGTH = "Paymaya number must be exactly 11 characters.";

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

const accountName = required(ACCOUNT_NAME_REQUIRED).pipe(
  z.string().max(100, "Account name must be at most 100 characters."),
);

/** A number of `min`–`max` characters, digits only (banks and e-wallets pay to digits). */
function payoutNumber(
  label: string,
  requiredMessage: string,
  lengthMessage: string,
  min: number,
  max: number,
) {
  return required(requiredMessage)
    .pipe(z.string().min(min, lengthMessage).max(max, lengthMessage))
    .pipe(z.string().regex(/^[0-9]+$/, `${label} may only contain digits.`));
}

/** A wallet form may still post the (empty) bank name field: it is ignored. */
const ignoredBankName = z
  .string()
  .max(100)
  .optional()
  .transform(() => undefined);

export const PayoutMethodSchema = z.discriminatedUnion(
  "method",
  [
    z.strictObject({
      method: z.literal("bank"),
      accountName,
      accountNumber: payoutNumber("Account number", BANK_NUMBER_REQUIRED, BANK_NUMBER_LENGTH, 10, 16),
      bankName: required(BANK_NAME_REQUIRED).pipe(
        z.string().max(100, "Bank name must be at most 100 characters."),
      ),
    }),
    z.strictObject({
      method: z.literal("gcash"),
      accountName,
      accountNumber: payoutNumber("GCash number", GCASH_NUMBER_REQUIRED, GCASH_NUMBER_LENGTH, 11, 11),
      bankName: ignoredBankName,
    }),
    z.strictObject({
      method: z.literal("paymaya"),
      accountName,
      accountNumber: payoutNumber("Paymaya number", PAYMAYA_NUMBER_REQUIRED, PAYMAYA_NUMBER_LENGTH, 11, 11),
      bankName: ignoredBankName,
    }),
  ],
  { error: METHOD_REQUIRED },
);

export type PayoutMethodInput = z.input<typeof PayoutMethodSchema>;
export type PayoutMethodValue = z.output<typeof PayoutMethodSchema>;

export { PAYOUT_METHODS };
