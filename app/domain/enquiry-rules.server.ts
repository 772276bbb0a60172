import { z } from "zod/v4";
import * as accountRules from "./account-rules.server";
import { CONTACT_TOPICS } from "./contact";
import { ENQUIRY_MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH, SIZE_MAX_LENGTH } from "./enquiry";
import { CENTAVOS_PER_PESO, parsePeso } from "./money";
import { WHOLE_PRICE_MAX } from "./space";
import { SPACE_TYPES } from "./vocabulary";

/**
 * The rules of the operations team's enquiries (ADR 0013), shared by the API
 * (app/api/enquiry/ops-enquiries.server.ts) and the screens' actions (parseWithZod on the same schemas):
 * - "Can't find a space?" (POST /space/missingSpace): the city, the type, the size needed, an optional monthly
 *   budget and how to reach the renter;
 * - a prospective host's enquiry (POST /enquiry/aboutListing): who they are, where the space is, its type and a
 *   message.
 *
 * The size is free text (up to {@link SIZE_MAX_LENGTH} characters), on purpose: a renter knows "a few boxes",
 * "one sedan" or "3 × 3 m" long before square meters, and the operations team reads every request. The budget is
 * pesos a month (at most 2 decimals, "1,500" accepted as a form sends it), the same number after the rules; the API
 * stores it in centavos. A .server module: zod stays out of the browser bundle.
 */

export const ENQUIRY_MESSAGES = {
  city: "Please choose a city.",
  storageType: "Please choose storage or parking.",
  sizeRequired: "Please tell us what size you need.",
  sizeTooLong: `The size can be at most ${SIZE_MAX_LENGTH} characters.`,
  budget: `The budget must be an amount of pesos from ₱1 to ₱${WHOLE_PRICE_MAX.toLocaleString("en-PH")}, with at most 2 decimals.`,
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${NAME_MAX_LENGTH} characters.`,
  emailRequired: "Email is required",
  messageRequired: "Please tell us about your space.",
  messageTooLong: `Your message can be at most ${ENQUIRY_MESSAGE_MAX_LENGTH} characters.`,
  topic: "Please choose what your message is about.",
  contactMessageRequired: "Please write your message.",
} as const;

/** An optional field: missing, null or blank is none. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    schema.optional(),
  );

const citySlug = z
  .string({ error: ENQUIRY_MESSAGES.city })
  .trim()
  .toLowerCase()
  .min(1, ENQUIRY_MESSAGES.city)
  .max(80, ENQUIRY_MESSAGES.city)
  .regex(/^[a-z0-9][a-z0-9-]*$/, ENQUIRY_MESSAGES.city);

const storageType = z.enum(SPACE_TYPES, { error: ENQUIRY_MESSAGES.storageType });

const size = z
  .string({ error: ENQUIRY_MESSAGES.sizeRequired })
  .trim()
  .min(1, ENQUIRY_MESSAGES.sizeRequired)
  .max(SIZE_MAX_LENGTH, ENQUIRY_MESSAGES.sizeTooLong);

/** Pesos a month, as a number or as typed ("1,500", "₱2,000.50"); at most 2 decimals. The API stores centavos. */
const budget = z.preprocess(
  (value) => {
    if (typeof value !== "string") return value;
    const centavos = parsePeso(value);
    return centavos === null ? Number.NaN : centavos / CENTAVOS_PER_PESO;
  },
  z
    .number({ error: ENQUIRY_MESSAGES.budget })
    .min(1, ENQUIRY_MESSAGES.budget)
    .max(WHOLE_PRICE_MAX, ENQUIRY_MESSAGES.budget)
    .refine((pesos) => Number.isInteger(Math.round(pesos * CENTAVOS_PER_PESO * 1e6) / 1e6), {
      message: ENQUIRY_MESSAGES.budget,
    }),
);

/** A budget in pesos (as the rules read it) in centavos. */
export function budgetCentavos(pesos: number): number {
  return Math.round(pesos * CENTAVOS_PER_PESO);
}

const name = z
  .string({ error: ENQUIRY_MESSAGES.nameRequired })
  .trim()
  .min(1, ENQUIRY_MESSAGES.nameRequired)
  .max(NAME_MAX_LENGTH, ENQUIRY_MESSAGES.nameTooLong);

const message = z
  .string({ error: ENQUIRY_MESSAGES.messageRequired })
  .trim()
  .min(1, ENQUIRY_MESSAGES.messageRequired)
  .max(ENQUIRY_MESSAGE_MAX_LENGTH, ENQUIRY_MESSAGES.messageTooLong);

/** "Can't find a space?", as its form checks it: name and e-mail required (the screen prefills them from the profile). */
export const MissingSpaceForm = z.object({
  city: citySlug,
  storageType,
  size,
  budget: optional(budget),
  name,
  email: accountRules.email,
  phoneNumber: optional(accountRules.phoneNumber),
  message: optional(message),
});

/** The prospective host's enquiry, as its form checks it (every field required). */
export const ListingEnquiryForm = z.object({
  name,
  email: accountRules.email,
  phoneNumber: accountRules.phoneNumber,
  city: citySlug,
  storageType,
  message,
});

/**
 * The API bodies: the forms' fields, with anything else refused. A logged-in caller may leave out the contact
 * details the profile has (name, e-mail, and the phone number of a prospective host): the API fills them in, and
 * asks a visitor for them.
 */
export const MissingSpaceBody = z.strictObject({
  ...MissingSpaceForm.shape,
  name: optional(name),
  email: optional(accountRules.email),
});

export const ListingEnquiryBody = z.strictObject({
  ...ListingEnquiryForm.shape,
  name: optional(name),
  email: optional(accountRules.email),
  phoneNumber: optional(accountRules.phoneNumber),
});

/** Contact us (POST /contact-us), as its form and the API check it: every field required, anything else refused. */
export const ContactUsBody = z.strictObject({
  name,
  email: accountRules.email,
  topic: z.enum(CONTACT_TOPICS, { error: ENQUIRY_MESSAGES.topic }),
  message: z
    .string({ error: ENQUIRY_MESSAGES.contactMessageRequired })
    .trim()
    .min(1, ENQUIRY_MESSAGES.contactMessageRequired)
    .max(ENQUIRY_MESSAGE_MAX_LENGTH, ENQUIRY_MESSAGES.messageTooLong),
});
