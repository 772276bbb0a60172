import type { Message } from "./message";

/** A message in a conversation, to the other side (the text as they may see it: masked by the rule of the time). */
export type NewMessageData = {
  /** The recipient as they call themselves: nickname, else first name. */
  name: string;
  senderName: string;
  spaceTitle: string;
  text: string;
  /** The conversation's page: a path on this site, and the same as an absolute link for the e-mail. */
  conversationPath: string;
  conversationLink: string;
};

const SMS_PREVIEW = 60;

export function newMessage(data: NewMessageData): Message {
  const preview = data.text.length > SMS_PREVIEW ? `${data.text.slice(0, SMS_PREVIEW - 1)}…` : data.text;
  return {
    subject: `New message from ${data.senderName} about ${data.spaceTitle}`,
    text: [
      `Hi ${data.name},`,
      "",
      `${data.senderName} wrote about "${data.spaceTitle}":`,
      "",
      data.text,
      "",
      `Answer in Space Solution: ${data.conversationLink}`,
      "",
      "Space Solution",
    ].join("\n"),
    notice: {
      title: `New message from ${data.senderName}`,
      body: `${data.spaceTitle}: ${preview}`,
      link: data.conversationPath,
      sms: `Space Solution: ${data.senderName} sent you a message about ${data.spaceTitle}. Open your inbox to answer.`,
    },
  };
}
