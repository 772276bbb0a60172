import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod/v4";
import {
  contactsRevealed,
  openConversation,
  postMessage,
  tellOtherSide,
  textsAsSeen,
} from "~/core/conversation-service.server";
import type { Database } from "~/db/client.server";
import { bookings, type ConversationRow } from "~/db/schema";
import { checkMessage, MESSAGE_MAX_LENGTH, MESSAGE_REQUIRED } from "~/domain/conversation";
import {
  NO_RENTERS_TO_UPDATE,
  STORM_UPDATE_LIMIT,
  STORM_UPDATE_STATES,
  STORM_UPDATES_PER_DAY,
} from "~/domain/flood-readiness";
import { transactionWithJobs } from "~/infra/jobs.server";
import { log } from "~/infra/log.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { LIMITS, takeRate } from "../rate-limit.server";

/**
 * Storm updates (docs/product.md, Readiness for typhoon season; ADR 0081): one message from a host to every renter
 * with an approved or active booking at their spaces, written into each renter's own conversation about that space
 * (so the renter replies there) and told to them like any message. At most 3 a day per host.
 */

export const STORM_UPDATE_SENT = "Your storm update has been sent.";

/** The storm update form's limits, sent with the host's listings page so the browser loads no rules for them. */
export const STORM_UPDATE_FORM = { perDay: STORM_UPDATES_PER_DAY, maxLength: MESSAGE_MAX_LENGTH };

/** The renters (and spaces) a host's storm update reaches: one conversation per renter and space. */
async function stormUpdateRecipients(db: Database, hostId: string) {
  return db
    .selectDistinct({ spaceId: bookings.spaceId, renterId: bookings.renterId })
    .from(bookings)
    .where(and(eq(bookings.hostId, hostId), inArray(bookings.state, [...STORM_UPDATE_STATES])))
    .orderBy(bookings.spaceId, bookings.renterId);
}

export const sendStormUpdate = defineEndpoint({
  method: "POST",
  path: "/user/sendStormUpdate",
  auth: "required",
  answers: [429],
  summary:
    "Sends the caller's storm update (text, at most 2,000 characters) to every renter with an approved or active " +
    "booking at their spaces, in each renter's conversation about the space; each renter is told. At most 3 a day.",
  tags: ["chat"],
  message: STORM_UPDATE_SENT,
  body: z.strictObject({ message: z.string({ error: MESSAGE_REQUIRED }) }),
  async handler({ db, user, body }) {
    const text = checkMessage(body.message);
    const recipients = await stormUpdateRecipients(db, user.id);
    if (recipients.length === 0) throw new ApiError(400, NO_RENTERS_TO_UPDATE);
    // Conversations are opened on their own first (as sendMessage does): their reading points come before the update.
    const opened: ConversationRow[] = [];
    for (const recipient of recipients) {
      opened.push(await openConversation(db, { id: recipient.spaceId, hostId: user.id }, recipient.renterId));
    }
    // The update, its count against the day's limit and the renters' notices are kept together or not at all.
    await transactionWithJobs(db, async (tx) => {
      await takeRate(tx, [{ limit: LIMITS.stormUpdatesPerHost, value: user.id }], STORM_UPDATE_LIMIT);
      for (const conversation of opened) {
        const row = await postMessage(tx, conversation, { senderId: user.id, kind: "text", body: text });
        const revealed = await contactsRevealed(tx, conversation.renterId, conversation.hostId);
        const [seen] = await textsAsSeen(tx, conversation.id, [row], revealed);
        await tellOtherSide(tx, conversation, user.id, seen ?? "");
      }
    });
    log.info({ hostId: user.id, renters: opened.length }, "storm update sent");
    return {
      renters: new Set(recipients.map((recipient) => recipient.renterId)).size,
      conversations: opened.length,
    };
  },
});

export const endpoints: Endpoint[] = [sendStormUpdate];
