import type { Message } from "./message";

/**
 * The support team's reply to a message in the support inbox (a contact-us message, feedback, a missing-space
 * request, a host enquiry; app/core/support-inbox.server.ts), to its sender. Their reply comes back to support.
 */
export type SupportReplyData = {
  name: string;
  /** What they wrote to us about, in their words' terms: "your message", "your feedback". */
  about: string;
  /** What they wrote, quoted under the reply. */
  original: string;
  reply: string;
  supportEmail: string;
};

export function supportReply(data: SupportReplyData): Message {
  return {
    subject: `Space Solution support: a reply to ${data.about}`,
    replyTo: data.supportEmail,
    text: [
      `Hi ${data.name},`,
      "",
      data.reply,
      "",
      "— The Space Solution support team",
      "",
      `You wrote to us (${data.about}):`,
      ...data.original.split("\n").map((line) => `> ${line}`),
    ].join("\n"),
  };
}
