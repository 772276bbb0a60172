/**
 * Contact us (POST /contact-us, ADR 0034): what a message is about, so support can sort it. The words are
 * the form's; the rules are in ./enquiry-rules.server.ts.
 */
export const CONTACT_TOPICS = ["booking", "payment", "listing", "account", "other"] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];

export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  booking: "A booking",
  payment: "A payment or refund",
  listing: "Listing my space",
  account: "My account",
  other: "Something else",
};

export const CONTACT_SENT = "Thank you for your message. Our support team will answer you by e-mail soon.";
