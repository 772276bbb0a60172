/**
 * What one notification says: the e-mail's subject, text (and HTML when it has one), and whom a reply goes to. A
 * template is a pure function from its event's data to this; the words live only in the template.
 */
export type Message = { subject: string; text: string; html?: string; replyTo?: string };
