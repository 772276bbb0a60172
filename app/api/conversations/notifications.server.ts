import { and, count, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod/v4";
import type { Database } from "~/db/client.server";
import { notifications } from "~/db/schema";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { assertCaller, USER_NOT_FOUND } from "./conversations.server";

/**
 * The bell (the chat, notification and viewing calls; ADR 0026): the caller's notifications, written by notify() for
 * every message, viewing and booking change, with their read state. Only one's own.
 */

export const NOTIFICATION_NOT_FOUND = "This notification was not found.";
/** The bell lists the latest ones; older ones are still counted while unread. */
export const NOTIFICATIONS_LIMIT = 100;

const notificationQuery = z.strictObject({ notificationId: z.uuid({ error: NOTIFICATION_NOT_FOUND }) });

export type NotificationView = {
  notificationId: string;
  kind: string;
  title: string;
  body: string;
  link: string;
  read: boolean;
  createdAt: string;
};

function toView(row: typeof notifications.$inferSelect): NotificationView {
  return {
    notificationId: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

function own(id: string, userId: string) {
  return and(eq(notifications.id, id), eq(notifications.userId, userId));
}

async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export const getMyAllNotification = defineEndpoint({
  method: "GET",
  path: "/user/getMyAllNotification",
  auth: "required",
  summary: `The caller's latest ${NOTIFICATIONS_LIMIT} notifications, newest first, with the unread count.`,
  tags: ["notifications"],
  async handler({ db, user }) {
    const rows = await db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, user.id))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(NOTIFICATIONS_LIMIT);
    return { notifications: rows.map(toView), notificationCount: await unreadCount(db, user.id) };
  },
});

export const getAllUnreadNotification = defineEndpoint({
  method: "GET",
  path: "/user/getAllUnreadNotification",
  auth: "required",
  summary: "How many of the caller's notifications are unread: `notificationCount` (the bell's red dot).",
  tags: ["notifications"],
  async handler({ db, user }) {
    return { notificationCount: await unreadCount(db, user.id) };
  },
});

export const readNotification = defineEndpoint({
  method: "GET",
  path: "/user/readNotification",
  auth: "required",
  answers: [404],
  summary: "Marks one of the caller's notifications read and answers it (its link is the page it opens).",
  tags: ["notifications"],
  query: notificationQuery,
  async handler({ db, user, query }) {
    const [row] = await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(own(query.notificationId, user.id))
      .returning();
    if (!row) throw new ApiError(404, NOTIFICATION_NOT_FOUND);
    return toView(row);
  },
});

export const deleteNotification = defineEndpoint({
  method: "DELETE",
  path: "/user/deleteNotification",
  auth: "required",
  answers: [404],
  summary: "Deletes one of the caller's notifications.",
  tags: ["notifications"],
  message: "The notification has been deleted.",
  query: notificationQuery,
  async handler({ db, user, query }) {
    const [row] = await db
      .delete(notifications)
      .where(own(query.notificationId, user.id))
      .returning({ id: notifications.id });
    if (!row) throw new ApiError(404, NOTIFICATION_NOT_FOUND);
    return { notificationId: row.id };
  },
});

export const readAllNotification = defineEndpoint({
  method: "PUT",
  path: "/user/readAllNotification",
  auth: "required",
  answers: [404],
  summary: "Marks every notification of the caller (userId) read.",
  tags: ["notifications"],
  query: z.strictObject({ userId: z.uuid({ error: USER_NOT_FOUND }) }),
  async handler({ db, user, query }) {
    assertCaller(query.userId, user.id);
    await db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)));
    return { notificationCount: 0 };
  },
});

export const endpoints: Endpoint[] = [
  getMyAllNotification,
  getAllUnreadNotification,
  readNotification,
  deleteNotification,
  readAllNotification,
];
