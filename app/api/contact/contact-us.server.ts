import { contactMessages } from "~/db/schema";
import { CONTACT_SENT, CONTACT_TOPIC_LABELS } from "~/domain/contact";
import { ContactUsBody } from "~/domain/enquiry-rules.server";
import { getEnv } from "~/env.server";
import { notify } from "~/infra/notify.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { senderLine } from "../enquiry/ops-enquiries.server";
import { LIMITS, takeRate } from "../rate-limit.server";

/**
 * Contact us (POST /contact-us, ADR 0034): anyone, logged in or not, writes to the support team. The
 * message is checked, stored in `contact_messages` and e-mailed to SUPPORT_EMAIL through the mail job, with the
 * sender as Reply-To. At most 5 an hour from one caller's address and 5 to one reply address.
 */
export const contactUs = defineEndpoint({
  method: "POST",
  path: "/contact-us",
  auth: "optional",
  answers: [429],
  summary:
    "A message to the support team: { name, email, topic (booking, payment, listing, account, other), message (up to 2,000 characters) }. Stored and e-mailed to support. At most 5 an hour per caller's address and per e-mail address.",
  message: CONTACT_SENT,
  body: ContactUsBody,
  async handler({ db, body, user, clientAddress }) {
    await takeRate(db, [
      { limit: LIMITS.contactUsPerAddress, value: clientAddress },
      { limit: LIMITS.contactUsPerEmail, value: body.email },
    ]);
    const [row] = await db
      .insert(contactMessages)
      .values({ userId: user?.id ?? null, ...body })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error("the message was not stored");
    await notify({
      email: getEnv().SUPPORT_EMAIL,
      kind: "contactUs",
      data: {
        name: body.name,
        email: body.email,
        topic: CONTACT_TOPIC_LABELS[body.topic],
        message: body.message,
        account: senderLine(user),
        contactId: row.id,
      },
    });
    return { contactId: row.id };
  },
});

export const endpoints: Endpoint[] = [contactUs];
