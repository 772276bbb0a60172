import { and, eq, isNull, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDatabase } from "~/db/db.server";
import { notifications, users } from "~/db/schema";
import { claimEffect } from "./job-effects.server";
import { jobEffectKey, transactionWithJobs } from "./jobs.server";
import { publishChanges } from "./live.server";
import { sendMail } from "./mail.server";
import { type NotificationData, type NotificationKind, templates } from "./notifications";
import { queuePush } from "./push.server";
import { sendSms } from "./sms.server";

/**
 * One way to tell someone something (ADR 0018, ADR 0026): an event (whom, what kind, its data) becomes a message from
 * the kind's template (./notifications/, one file per kind) and is delivered by the recipient's channels, through the
 * durable jobs, so a slow provider never slows the request that caused it.
 *
 * A recipient is a user of the app (`userId`: their address comes from their account) or an address outside it
 * (`email`: an invited friend, the operations or support team).
 *
 * A message with a notice (marketplace activity) is written to the user's notifications (the bell, always), their
 * open pages hear of it, and it goes by e-mail and SMS as their settings say, and by push to each browser they turned
 * push on in (./push.server.ts). A message without one (the account's own mails: welcome, password reset) is always
 * e-mailed.
 *
 * What it writes and enqueues is one transaction: the caller's (`transaction`), so a notice exists only with the rows
 * it tells of, or its own. Called from a job that may run again (docs/decisions/0043-jobs-survive-crashes.md), the
 * same notice is written and sent once: the transaction also records a key made from the job's id.
 */
export type Recipient = { userId: string; email?: never } | { email: string; userId?: never };

export type NotificationEvent<K extends NotificationKind> = Recipient & {
  kind: K;
  data: NotificationData<K>;
};

export type NotifyOptions = {
  /** The caller's transaction: the notice and its messages are kept only with the caller's rows. */
  transaction?: Database;
};

export async function notify<K extends NotificationKind>(
  event: NotificationEvent<K>,
  options: NotifyOptions = {},
): Promise<void> {
  const render = templates[event.kind] as (data: NotificationData<K>) => ReturnType<(typeof templates)[K]>;
  const message = render(event.data);
  const key = jobEffectKey(`notify:${event.userId ?? event.email}:${event.kind}`);
  const write = async (tx: Database) => {
    if (key && !(await claimEffect(tx, key))) return false;
    return tell(tx, event, message);
  };
  let told: boolean;
  if (options.transaction) told = await write(options.transaction);
  else told = await transactionWithJobs((await getDatabase()).db, write);
  if (told && event.userId !== undefined)
    await publishChanges([{ userId: event.userId, topic: "notifications" }]);
}

/** Writes the notice and enqueues its messages in `tx`; answers whether the bell got a notice. */
async function tell<K extends NotificationKind>(
  tx: Database,
  event: NotificationEvent<K>,
  { notice, ...mail }: ReturnType<(typeof templates)[K]>,
): Promise<boolean> {
  if (event.userId === undefined) {
    await sendMail({ to: event.email, ...mail }, { transaction: tx });
    return false;
  }
  const [user] = await tx
    .select({
      email: users.email,
      phoneNumber: users.phoneNumber,
      emailNotifications: users.emailNotifications,
      smsNotifications: users.smsNotifications,
    })
    .from(users)
    .where(eq(users.id, event.userId))
    .limit(1);
  if (!user) throw new Error(`no user ${event.userId} to notify`);
  if (!notice) {
    await sendMail({ to: user.email, ...mail }, { transaction: tx });
    return false;
  }
  await tx.insert(notifications).values({
    userId: event.userId,
    kind: event.kind,
    title: notice.title,
    body: notice.body,
    link: notice.link,
  });
  if (user.emailNotifications) await sendMail({ to: user.email, ...mail }, { transaction: tx });
  if (user.smsNotifications && user.phoneNumber && notice.sms)
    await sendSms(user.phoneNumber, notice.sms, { transaction: tx });
  // Every notice the bell shows is also pushed to the browsers the person turned push on in (ADR 0084).
  await queuePush(tx, { userId: event.userId, title: notice.title, body: notice.body, link: notice.link });
  return true;
}

/**
 * Marks read the notices of `kind` that open `link` for `userId`, written before `before`: news overtaken by what
 * happened next (a booking's "Complete your payment" once it is paid, or once its checkout is over), so the bell
 * does not keep asking for something already done. Their open pages hear of it.
 */
export async function readOvertakenNotices(notice: {
  userId: string;
  kind: NotificationKind;
  link: string;
  before: Date;
}): Promise<void> {
  const { db } = await getDatabase();
  const read = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, notice.userId),
        eq(notifications.kind, notice.kind),
        eq(notifications.link, notice.link),
        isNull(notifications.readAt),
        lt(notifications.createdAt, notice.before),
      ),
    )
    .returning({ id: notifications.id });
  if (read.length > 0) await publishChanges([{ userId: notice.userId, topic: "notifications" }]);
}
