import { eq } from "drizzle-orm";
import { getDatabase } from "~/db/db.server";
import { users } from "~/db/schema";
import { sendMail } from "./mail.server";
import { type NotificationData, type NotificationKind, templates } from "./notifications";

/**
 * One way to tell someone something (ADR 0018): an event (whom, what kind, its data) becomes a message from the
 * kind's template (./notifications/, one file per kind) and is delivered by the recipient's channels, through the
 * durable jobs, so a slow provider never slows the request that caused it.
 *
 * A recipient is a user of the app (`userId`: their address comes from their account) or an address outside it
 * (`email`: an invited friend, the operations or support team).
 */
export type Recipient = { userId: string; email?: never } | { email: string; userId?: never };

export type NotificationEvent<K extends NotificationKind> = Recipient & {
  kind: K;
  data: NotificationData<K>;
};

export async function notify<K extends NotificationKind>(event: NotificationEvent<K>): Promise<void> {
  const render = templates[event.kind] as (data: NotificationData<K>) => ReturnType<(typeof templates)[K]>;
  const message = render(event.data);
  const to = event.userId === undefined ? event.email : await accountEmail(event.userId);
  // E-mail is the one channel today. The in-app notification (GET /user/getMyAllNotification, spec §7) and SMS join
  // here with the conversations feature, each chosen by the user's settings (emailNotifications, smsNotifications).
  await sendMail({ to, ...message });
}

async function accountEmail(userId: string): Promise<string> {
  const { db } = await getDatabase();
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`no user ${userId} to notify`);
  return user.email;
}
