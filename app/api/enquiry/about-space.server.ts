import { eq } from "drizzle-orm";
import { z } from "zod/v4";
import {
  contactsRevealed,
  conversationPath,
  openConversation,
  postMessage,
  textsAsSeen,
} from "~/core/conversation-service.server";
import { enquiries, users } from "~/db/schema";
import * as accountRules from "~/domain/account-rules.server";
import { displayName } from "~/domain/display-name";
import { notify } from "~/infra/notify.server";
import { listingPath } from "~/utils/site-paths";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { LIMITS } from "../rate-limit.server";
import { findActiveSpace, SPACE_NOT_FOUND, spaceId } from "../space/listing-page-queries.server";
import { refuseIfTooMany } from "./ops-enquiries.server";

/** A question to a listing's host from its page (the /enquiry calls): stored, and e-mailed to the host. */

export const QUESTION_MAX_LENGTH = 2000;
export const QUESTION_SENT = "Your question has been sent to the host.";
export const QUESTIONS_PER_HOUR = 5;
const QUESTION_REQUIRED = "Please write your question.";
const NAME_REQUIRED = "Name is required";
export const TOO_MANY_QUESTIONS =
  "You have sent several questions in the last hour. Please wait a while before you send another.";
const OWN_SPACE = "This is your own space: renters' questions about it come to you.";

/** An optional form field: missing or empty is none. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
    schema.optional(),
  );

/** The fields of a question; the listing page's form is checked with the same rules. */
export const QuestionFieldsSchema = z.object({
  message: z
    .string({ error: QUESTION_REQUIRED })
    .trim()
    .min(1, QUESTION_REQUIRED)
    .max(QUESTION_MAX_LENGTH, `Your question can be at most ${QUESTION_MAX_LENGTH} characters.`),
  name: optional(z.string().trim().max(120, "Name must be at most 120 characters.")),
  email: optional(accountRules.email),
  phoneNumber: optional(accountRules.phoneNumber),
});

export const aboutSpace = defineEndpoint({
  method: "POST",
  path: "/enquiry/aboutSpace",
  auth: "optional",
  answers: [404, 429],
  summary:
    "A question about an active listing, stored and e-mailed to its host; a logged-in renter's question opens " +
    "(or continues) their conversation with the host. " +
    `Visitors give their name and e-mail. At most ${QUESTIONS_PER_HOUR} an hour per user or e-mail address, and ` +
    `${LIMITS.visitorEnquiriesPerAddress.max} enquiries of any kind an hour per visitor's address.`,
  message: QUESTION_SENT,
  body: z.strictObject({ spaceId, ...QuestionFieldsSchema.shape }),
  async handler({ db, body, user, origin, clientAddress }) {
    const row = await findActiveSpace(db, body.spaceId);
    if (user?.id === row.hostId) throw new ApiError(400, OWN_SPACE);
    const missing = [
      ...(!user && !body.name ? [{ field: "name", message: NAME_REQUIRED }] : []),
      ...(!user && !body.email ? [{ field: "email", message: "Email is required" }] : []),
    ];
    if (missing.length) throw new ApiError(400, (missing[0] as { message: string }).message, missing);

    const name = body.name ?? (user ? [user.firstName, user.lastName].join(" ") : "");
    const email = body.email ?? (user?.email as string);
    await refuseIfTooMany(db, "aboutSpace", user, email, clientAddress, {
      perHour: QUESTIONS_PER_HOUR,
      message: TOO_MANY_QUESTIONS,
    });
    const [host] = await db.select().from(users).where(eq(users.id, row.hostId));
    if (!host) throw new ApiError(404, SPACE_NOT_FOUND);

    const [enquiry] = await db
      .insert(enquiries)
      .values({
        kind: "aboutSpace",
        userId: user?.id ?? null,
        spaceId: row.id,
        name,
        email,
        phoneNumber: body.phoneNumber ?? null,
        message: body.message,
      })
      .returning({ id: enquiries.id });
    if (!enquiry) throw new Error("the enquiry was not stored");

    // A renter with an account gets a conversation with the host: the question is its first message, and the host
    // answers there. A visitor's question stays an e-mail the host answers from their own mailbox.
    const conversation = user ? await openConversation(db, row, user.id) : null;
    const posted =
      conversation && user
        ? await postMessage(db, conversation, { senderId: user.id, kind: "text", body: body.message })
        : null;
    const link = new URL(
      listingPath({ _id: row.id, storageType: row.storageType, spaceTitle: row.spaceTitle }),
      origin,
    ).href;
    const answerPath = conversation ? conversationPath(conversation.id) : new URL(link).pathname;
    // The question as the host sees it in the conversation; a visitor gave their address to be answered by e-mail.
    const [question = ""] =
      conversation && posted
        ? await textsAsSeen(
            db,
            conversation.id,
            [posted],
            await contactsRevealed(db, conversation.renterId, conversation.hostId),
          )
        : [body.message];
    await notify({
      userId: host.id,
      kind: "spaceQuestion",
      data: {
        hostName: displayName(host),
        senderName: name,
        answerBy: conversation
          ? { conversationLink: new URL(answerPath, origin).href }
          : { email, phone: body.phoneNumber },
        spaceTitle: row.spaceTitle ?? "your space",
        question,
        listingLink: link,
        answerPath,
      },
    });
    return { enquiryId: enquiry.id, spaceId: row.id, conversationId: conversation?.id ?? null };
  },
});

export const endpoints: Endpoint[] = [aboutSpace];
