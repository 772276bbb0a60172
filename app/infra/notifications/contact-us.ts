import type { Message } from "./message";

/** A message from the contact-us page (POST /contact-us), to the support team; replies go to the sender. */
export type ContactUsData = {
  name: string;
  email: string;
  topic: string;
  message: string;
  account: string;
  contactId: string;
};

export function contactUs(data: ContactUsData): Message {
  return {
    subject: `Contact us: ${data.topic}, from ${data.name}`,
    replyTo: data.email,
    text: [
      `${data.name} <${data.email}> wrote about: ${data.topic}`,
      "",
      data.message,
      "",
      data.account,
      `Message id: ${data.contactId}`,
    ].join("\n"),
  };
}
