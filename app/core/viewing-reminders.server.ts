import { eq, inArray } from "drizzle-orm";
import { getDatabase } from "~/db/db.server";
import { spaces, users, type ViewingRow, viewings } from "~/db/schema";
import { formatSlot, type Slot } from "~/domain/conversation";
import { displayName } from "~/domain/display-name";
import { confirmedSlotOf } from "~/domain/viewing";
import { siteOrigin } from "~/env.server";
import { defineQueue, send } from "~/infra/jobs.server";
import { notify } from "~/infra/notify.server";
import { viewingPath } from "~/utils/site-paths";

/**
 * Viewing reminders: the day before a confirmed viewing, both sides are told (the `viewing-reminder` job). The
 * viewing's calls (app/api/conversations/viewings.server.ts) schedule one whenever a viewing is confirmed or moved.
 */

type ReminderJob = { viewingId: string; start: string };

/** The day before a confirmed viewing, both sides are reminded; a moved or cancelled viewing's old job does nothing. */
export const viewingReminderQueue = defineQueue<ReminderJob>(
  "viewing-reminder",
  async ({ viewingId, start }) => {
    const { db } = await getDatabase();
    const [row] = await db.select().from(viewings).where(eq(viewings.id, viewingId));
    if (row?.state !== "confirmed" || row.confirmedStart?.toISOString() !== start) return;
    const people = await db
      .select()
      .from(users)
      .where(inArray(users.id, [row.renterId, row.hostId]));
    const [space] = await db
      .select({ spaceTitle: spaces.spaceTitle })
      .from(spaces)
      .where(eq(spaces.id, row.spaceId));
    const slot = confirmedSlotOf(row) as Slot;
    for (const person of people) {
      await notify({
        userId: person.id,
        kind: "viewingUpdate",
        data: {
          name: displayName(person),
          spaceTitle: space?.spaceTitle ?? "a space",
          headline: "reminder",
          times: [formatSlot(slot)],
          viewingPath: viewingPath(row.id),
          viewingLink: new URL(viewingPath(row.id), siteOrigin()).href,
        },
      });
    }
  },
);

const DAY_MS = 24 * 60 * 60 * 1000;

/** Sends the reminder of a confirmed viewing for the day before it (at once when that day has come). */
export async function scheduleReminder(row: ViewingRow): Promise<void> {
  if (!row.confirmedStart) return;
  const at = new Date(row.confirmedStart.getTime() - DAY_MS);
  const start = row.confirmedStart.toISOString();
  await send(
    viewingReminderQueue,
    { viewingId: row.id, start },
    { startAfter: at.getTime() > Date.now() ? at : undefined, singletonKey: `${row.id}:${start}` },
  );
}
