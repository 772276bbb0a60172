import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cities, enquiries } from "~/db/schema";
import { UNKNOWN_CITY } from "~/domain/address-rules";
import {
  budgetCentavos,
  ENQUIRY_MESSAGES,
  ListingEnquiryBody,
  MissingSpaceBody,
} from "~/domain/enquiry-rules.server";
import { formatPeso } from "~/domain/money";
import { SEARCH_PATH } from "~/domain/search";
import { SPACE_TYPE_LABELS, type SpaceType } from "~/domain/vocabulary";
import { getEnv, publicOrigin } from "~/env.server";
import { sendMail } from "~/services/mail.server";
import { PATHS } from "~/utils/menu";
import { type CurrentUser, defineEndpoint, type Endpoint } from "./endpoint";
import { ApiError, type FieldError } from "./envelope";
import { LIMITS, TOO_MANY_REQUESTS, takeRate } from "./rate-limit.server";

/**
 * The operations team's enquiries (issue #5 behaviour 7): "Can't find a space?" (POST /space/missingSpace) and a
 * prospective host's enquiry (POST /enquiry/aboutListing). Each is stored in `enquiries` (its own fields in
 * `details`) and e-mailed to OPERATIONS_EMAIL through the mail job, with the sender as Reply-To. Anyone may send
 * one; a logged-in user's missing contact details come from the profile. At most
 * {@link OPS_ENQUIRIES_PER_HOUR} of each kind an hour per user (logged in) or per e-mail address (visitors).
 * The fields' rules are in app/domain/enquiry-rules.server.ts.
 */

export const OPS_ENQUIRIES_PER_HOUR = 5;
export const MISSING_SPACE_SENT = "Thank you! We will look for a space for you and write to you soon.";
export const LISTING_ENQUIRY_SENT = "Thank you! Our team will get in touch with you soon.";
export const TOO_MANY_ENQUIRIES = TOO_MANY_REQUESTS;

type OpsKind = "missingSpace" | "aboutListing";

const PER_VISITOR_ADDRESS = ` And ${LIMITS.visitorEnquiriesPerAddress.max} enquiries of any kind an hour per visitor's address.`;
type City = { id: number; name: string; slug: string; province: string };

/** The city of a slug from /user/cityList; 400 on the city field when there is none. */
async function findCity(db: Database, slug: string): Promise<City> {
  const [city] = await db
    .select({ id: cities.id, name: cities.name, slug: cities.slug, province: cities.province })
    .from(cities)
    .where(eq(cities.slug, slug));
  if (!city) throw new ApiError(400, UNKNOWN_CITY, [{ field: "city", message: UNKNOWN_CITY }]);
  return city;
}

/**
 * Who is writing: the body's contact details, else the profile's. A field nobody gave is a 400 naming it
 * (`required` lists the fields the enquiry needs).
 */
function contactOf(
  body: { name?: string; email?: string; phoneNumber?: string },
  user: CurrentUser | null,
  required: readonly ("name" | "email" | "phoneNumber")[],
) {
  const contact = {
    name: body.name ?? (user ? [user.firstName, user.lastName].join(" ") : undefined),
    email: body.email ?? user?.email,
    phoneNumber: body.phoneNumber ?? user?.phoneNumber ?? undefined,
  };
  const messages = {
    name: ENQUIRY_MESSAGES.nameRequired,
    email: ENQUIRY_MESSAGES.emailRequired,
    phoneNumber: "Phone number is required",
  };
  const missing: FieldError[] = required
    .filter((field) => !contact[field])
    .map((field) => ({ field, message: messages[field] }));
  if (missing.length > 0) throw new ApiError(400, (missing[0] as FieldError).message, missing);
  return contact as { name: string; email: string; phoneNumber: string | undefined };
}

/**
 * At most OPS_ENQUIRIES_PER_HOUR enquiries of a kind an hour from one user, or one e-mail address (visitors); and a
 * visitor's enquiries of every kind count against the caller's address too, since a visitor can make up e-mails.
 */
async function refuseIfTooMany(
  db: Database,
  kind: OpsKind,
  user: CurrentUser | null,
  email: string,
  clientAddress: string,
) {
  const sender = user
    ? eq(enquiries.userId, user.id)
    : sql`lower(${enquiries.email}) = ${email.toLowerCase()}`;
  const [row] = await db
    .select({ n: count() })
    .from(enquiries)
    .where(
      and(eq(enquiries.kind, kind), gt(enquiries.createdAt, new Date(Date.now() - 60 * 60 * 1000)), sender),
    );
  if ((row?.n ?? 0) >= OPS_ENQUIRIES_PER_HOUR) throw new ApiError(429, TOO_MANY_ENQUIRIES);
  if (!user) {
    await takeRate(
      db,
      [{ limit: LIMITS.visitorEnquiriesPerAddress, value: clientAddress }],
      TOO_MANY_ENQUIRIES,
    );
  }
}

/** Stores an enquiry and answers its id. */
async function store(
  db: Database,
  values: {
    kind: OpsKind;
    user: CurrentUser | null;
    contact: { name: string; email: string; phoneNumber: string | undefined };
    message: string | undefined;
    details: Record<string, unknown>;
  },
): Promise<string> {
  const [row] = await db
    .insert(enquiries)
    .values({
      kind: values.kind,
      userId: values.user?.id ?? null,
      name: values.contact.name,
      email: values.contact.email,
      phoneNumber: values.contact.phoneNumber ?? null,
      message: values.message ?? null,
      details: values.details,
    })
    .returning({ id: enquiries.id });
  if (!row) throw new Error("the enquiry was not stored");
  return row.id;
}

/** "a visitor" or "user <id>", for the operations team. */
function senderLine(user: CurrentUser | null): string {
  return user ? `Account: user ${user.id}` : "Account: none (a visitor)";
}

function typeLabel(type: SpaceType): string {
  return SPACE_TYPE_LABELS[type].toLowerCase();
}

// ---------------------------------------------------------------------------------------------------------------
// POST /space/missingSpace
// ---------------------------------------------------------------------------------------------------------------

export type MissingSpaceDetails = {
  city: string;
  cityName: string;
  storageType: SpaceType;
  size: string;
  /** Pesos a month, in centavos; null when not given. */
  budget: number | null;
};

export const missingSpace = defineEndpoint({
  method: "POST",
  path: "/space/missingSpace",
  auth: "optional",
  summary:
    '"Can\'t find a space?": { city (slug), storageType, size (free text: "3 × 3 m", "one sedan"), budget (pesos a month, optional; stored and answered in centavos), name, email, phoneNumber (optional), message (optional) }. Stored and e-mailed to the operations team. A logged-in user may leave out name and email (the profile\'s are used). At most 5 an hour per user or e-mail address.' +
    PER_VISITOR_ADDRESS,
  message: MISSING_SPACE_SENT,
  body: MissingSpaceBody,
  async handler({ db, body, user, request, clientAddress }) {
    const contact = contactOf(body, user, ["name", "email"]);
    const city = await findCity(db, body.city);
    await refuseIfTooMany(db, "missingSpace", user, contact.email, clientAddress);
    const details: MissingSpaceDetails = {
      city: city.slug,
      cityName: city.name,
      storageType: body.storageType,
      size: body.size,
      budget: body.budget === undefined ? null : budgetCentavos(body.budget),
    };
    const enquiryId = await store(db, {
      kind: "missingSpace",
      user,
      contact,
      message: body.message,
      details,
    });

    const type = typeLabel(body.storageType);
    const search = new URL(
      `${SEARCH_PATH}?${new URLSearchParams({ storageType: body.storageType, city: city.slug })}`,
      publicOrigin(request),
    ).href;
    await sendMail({
      to: getEnv().OPERATIONS_EMAIL,
      replyTo: contact.email,
      subject: `Can't find a space: ${type} in ${city.name}`,
      text: [
        `${contact.name} <${contact.email}> is looking for ${type} in ${city.name}, ${city.province}, and did not find a fitting space.`,
        "",
        `Size needed: ${body.size}`,
        `Budget: ${details.budget === null ? "not given" : `${formatPeso(details.budget)} a month`}`,
        `Phone: ${contact.phoneNumber ?? "not given"}`,
        senderLine(user),
        "",
        "Message:",
        body.message ?? "(none)",
        "",
        `Their search: ${search}`,
        `Enquiry id: ${enquiryId}`,
      ].join("\n"),
    });
    return { enquiryId, details };
  },
});

// ---------------------------------------------------------------------------------------------------------------
// POST /enquiry/aboutListing
// ---------------------------------------------------------------------------------------------------------------

export type ListingEnquiryDetails = { city: string; cityName: string; storageType: SpaceType };

export const aboutListing = defineEndpoint({
  method: "POST",
  path: "/enquiry/aboutListing",
  auth: "optional",
  summary:
    'A prospective host\'s enquiry ("I have a space to list"): { name, email, phoneNumber, city (slug), storageType, message }. Stored and e-mailed to the operations team. A logged-in user may leave out name, email and phoneNumber when the profile has them. At most 5 an hour per user or e-mail address.' +
    PER_VISITOR_ADDRESS,
  message: LISTING_ENQUIRY_SENT,
  body: ListingEnquiryBody,
  async handler({ db, body, user, request, clientAddress }) {
    const contact = contactOf(body, user, ["name", "email", "phoneNumber"]);
    const city = await findCity(db, body.city);
    await refuseIfTooMany(db, "aboutListing", user, contact.email, clientAddress);
    const details: ListingEnquiryDetails = {
      city: city.slug,
      cityName: city.name,
      storageType: body.storageType,
    };
    const enquiryId = await store(db, {
      kind: "aboutListing",
      user,
      contact,
      message: body.message,
      details,
    });

    const type = typeLabel(body.storageType);
    await sendMail({
      to: getEnv().OPERATIONS_EMAIL,
      replyTo: contact.email,
      subject: `A prospective host: ${type} in ${city.name}`,
      text: [
        `${contact.name} <${contact.email}> has ${type} space to list in ${city.name}, ${city.province}.`,
        "",
        `Phone: ${contact.phoneNumber}`,
        senderLine(user),
        "",
        "Message:",
        body.message,
        "",
        `Listing starts at: ${new URL(PATHS.listSpace, publicOrigin(request)).href}`,
        `Enquiry id: ${enquiryId}`,
      ].join("\n"),
    });
    return { enquiryId, details };
  },
});

export const endpoints: Endpoint[] = [missingSpace, aboutListing] as Endpoint[];
