import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDatabase } from "~/db/db.server";
import { bookingHistory, conversations, messages } from "~/db/schema";
import { dateBookingLinesAtTheirSteps } from "~/seed/running-booking.server";
import { aRunningBookingSince } from "./review-fixtures";

/**
 * The seed's bookings in the past (the e2e seed's busy accounts): once their news has been told, each of their lines
 * in the renter's conversation with the host is dated at the step it tells of, not when the seed ran.
 */
describe("dateBookingLinesAtTheirSteps", () => {
  it("dates each booking line at its step and the conversation at its latest line", async () => {
    const { bookingId } = await aRunningBookingSince(26);
    const { db } = await getDatabase();
    await dateBookingLinesAtTheirSteps(db, [bookingId]);

    const steps = await db
      .select()
      .from(bookingHistory)
      .where(eq(bookingHistory.bookingId, bookingId))
      .orderBy(asc(bookingHistory.id));
    const lines = await db
      .select()
      .from(messages)
      .where(eq(messages.bookingId, bookingId))
      .orderBy(asc(messages.id));
    // Paid (a request to the host), approved, started: the checkout's own news is the renter's alone, no line.
    expect(lines.map((line) => line.kind)).toEqual(["system", "system", "system"]);
    for (const line of lines) {
      const step = steps.find((one) => line.body.endsWith(`: ${one.reason}`));
      expect(step, line.body).toBeDefined();
      expect(line.createdAt.toISOString()).toBe(step?.at.toISOString());
    }
    // In the order they happened, the start 26 days ago the last.
    const times = lines.map((line) => line.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(Date.now() - (times.at(-1) ?? 0)).toBeGreaterThan(25 * 86_400_000);
    const [conversation] = await db
      .select()
      .from(conversations)
      .where(eq(conversations.id, lines[0]?.conversationId ?? ""));
    expect(conversation?.lastMessageAt.toISOString()).toBe(lines.at(-1)?.createdAt.toISOString());
  });

  it("leaves other bookings' lines as they were", async () => {
    const { bookingId } = await aRunningBookingSince(10);
    const other = await aRunningBookingSince(12);
    const { db } = await getDatabase();
    await dateBookingLinesAtTheirSteps(db, [other.bookingId]);
    const lines = await db.select().from(messages).where(eq(messages.bookingId, bookingId));
    expect(lines.length).toBeGreaterThan(0);
    // Written when their news was told: within the last minutes, not 10 days ago.
    for (const line of lines) expect(Date.now() - line.createdAt.getTime()).toBeLessThan(3_600_000);
  });
});
