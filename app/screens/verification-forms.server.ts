import { z } from "zod/v4";
import { AddressSchema } from "~/domain/address-rules";
import { companyName, tinNumber } from "~/domain/company-rules";
import { otp, phoneNumber } from "~/domain/phone-code";

/**
 * The forms of the screens that confirm who a user is, checked in their actions with the same rules the API
 * applies. Kept in a .server module so that the zod schemas never reach the browser bundle.
 */
export { codeSentMessage } from "~/domain/phone-code";

/** confirm-phone-number, step 1 (and "Send a new code"): the number to text a code to. */
export const PhoneSendForm = z.object({ intent: z.enum(["send", "resend"]), phoneNumber });

/** confirm-phone-number, step 2: the code, and the number it went to (a hidden field). */
export const PhoneVerifyForm = z.object({ intent: z.literal("verify"), phoneNumber, otp });

/** create-profile-address. */
export const AddressForm = z.object({ address: AddressSchema });

/** profile-persona-verification, "Renting as a company?". */
export const CompanyForm = z.object({
  intent: z.literal("company"),
  companyName,
  tinNumber,
  businessAddress: AddressSchema,
});
