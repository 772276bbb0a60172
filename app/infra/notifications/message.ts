/**
 * What one notification says: the e-mail's subject, text (and HTML when it has one), and whom a reply goes to. A
 * template is a pure function from its event's data to this; the words live only in the template.
 *
 * A message about the recipient's marketplace activity (a message, a viewing, a booking's change) also has a
 * `notice`: the bell's line and the page it opens. Such a message is always shown in the app, and goes by e-mail and
 * SMS as the user's settings say (emailNotifications, smsNotifications). A message without a notice is about the
 * account itself (welcome, password reset) and is always e-mailed.
 */
export type Message = {
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  notice?: Notice;
};

export type Notice = {
  title: string;
  body: string;
  /** A path on this site. */
  link: string;
  /** The SMS, when the event is worth one (at most 160 characters); none for the others. */
  sms?: string;
};
