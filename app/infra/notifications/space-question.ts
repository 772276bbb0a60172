import type { Message } from "./message";

/** A renter's question about a listing, to its host (POST /enquiry/aboutSpace, from the listing page). */
export type SpaceQuestionData = {
  /** The host as they call themselves: nickname, else first name. */
  hostName: string;
  senderName: string;
  /**
   * How to answer: a visitor without an account by e-mail (their address, and phone if given); a renter with an
   * account in their conversation (its absolute link), whose contact details stay masked there.
   */
  answerBy: { email: string; phone?: string } | { conversationLink: string };
  spaceTitle: string;
  question: string;
  listingLink: string;
  /** Where the host answers: the conversation when the sender has an account, else the listing. A path. */
  answerPath: string;
};

export function spaceQuestion(data: SpaceQuestionData): Message {
  return {
    subject: `A question about ${data.spaceTitle}`,
    replyTo: "email" in data.answerBy ? data.answerBy.email : undefined,
    text: [
      `Hi ${data.hostName},`,
      "",
      `${data.senderName} asked about your space "${data.spaceTitle}":`,
      "",
      data.question,
      "",
      "email" in data.answerBy
        ? `Reply to: ${data.answerBy.email}${data.answerBy.phone ? ` or ${data.answerBy.phone}` : ""}`
        : `Answer in your Space Solution messages: ${data.answerBy.conversationLink}`,
      `Your listing: ${data.listingLink}`,
      "",
      "Space Solution",
    ].join("\n"),
    notice: {
      title: `${data.senderName} asked about ${data.spaceTitle}`,
      body: data.question.length > 120 ? `${data.question.slice(0, 119)}…` : data.question,
      link: data.answerPath,
      sms: `Space Solution: ${data.senderName} asked about ${data.spaceTitle}. Open your inbox to answer.`,
    },
  };
}
