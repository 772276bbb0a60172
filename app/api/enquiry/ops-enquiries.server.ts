import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { cities, enquiries } from "~/db/schema";
import { UNKNOWN_CITY } from "~/domain/address-rules";
import { ENQUIRY_MESSAGES } from "~/domain/enquiry-rules.server";
import { SPACE_TYPE_LABELS, type SpaceType } from "~/domain/vocabulary";
import type { CurrentUser } from "../endpoint";
import { ApiError, type FieldError } from "../envelope";
import { LIMITS, TOO_MANY_REQUESTS, takeRate } from "../rate-limit.server";

/**
 * The operations team's enquiries (ADR 0013): "Can't find a space?" (POST /space/missingSpace) and a
 * prospective host's enquiry (POST /enquiry/aboutListing). Each is stored in `enquiries` (its own fields in
 * `details`) and e-mailed to OPERATIONS_EMAIL through the mail job, with the sender as Reply-To. Anyone may send
 * one; a logged-in user's missing contact details come from the profile. At most
 * {@link OPS_ENQUIRIES_PER_HOUR} of each kind an hour per user (logged in) or per e-mail address (visitors).
 * The fields' rules are in app/domain/enquiry-rules.server.ts. This module
 * holds what both share; the calls are in app/api/space/missing-space.server.ts and about-listing.server.ts.
 */

export const OPS_ENQUIRIES_PER_HOUR = 5;
export const MISSING_SPACE_SENT = "Thank you! We will look for a space for you and write to you soon.";
export const LISTING_ENQUIRY_SENT = "Thank you! Our team will get in touch with you soon.";
export const TOO_MANY_ENQUIRIES = TOO_MANY_REQUESTS;

type OpsKind = "missingSpace" | "aboutListing";

export const PER_VISITOR_ADDRESS = ` And ${LIMITS.visitorEnquiriesPerAddress.max} enquiries of any kind an hour per visitor's address.`;
type City = { id: number; name: string; slug: string; province: string };

/** The city of a slug from /user/cityList; 400 on the city field when there is none. */
export async function findCity(db: Database, slug: string): Promise<City> {
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
export function contactOf(
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
 * At most `limit.perHour` enquiries of a kind an hour (OPS_ENQUIRIES_PER_HOUR unless said) from one user, or one
 * e-mail address (visitors); and a visitor's enquiries of every kind count against the caller's address too, since a
 * visitor can make up e-mails. The one hourly limit of every enquiry, questions to hosts included.
 */
export async function refuseIfTooMany(
  db: Database,
  kind: OpsKind | "aboutSpace",
  user: CurrentUser | null,
  email: string,
  clientAddress: string,
  limit: { perHour: number; message: string } = {
    perHour: OPS_ENQUIRIES_PER_HOUR,
    message: TOO_MANY_ENQUIRIES,
  },
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
  if ((row?.n ?? 0) >= limit.perHour) throw new ApiError(429, limit.message);
  if (!user) {
    await takeRate(db, [{ limit: LIMITS.visitorEnquiriesPerAddress, value: clientAddress }], limit.message);
  }
}

/** Stores an enquiry and answers its id. */
export async function store(
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
export function senderLine(user: CurrentUser | null): string {
  return user ? `Account: user ${user.id}` : "Account: none (a visitor)";
}

export function typeLabel(type: SpaceType): string {
  return SPACE_TYPE_LABELS[type].toLowerCase();
}
