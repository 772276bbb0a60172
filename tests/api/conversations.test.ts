import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ChatHistory, ChatSummary } from "~/api/conversations/conversations.server";
import type { NotificationView } from "~/api/conversations/notifications.server";
import type { ViewingView } from "~/api/conversations/viewings.server";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { getDatabase } from "~/db/db.server";
import { conversations, enquiries, messages, notifications, users, viewings } from "~/db/schema";
import { HIDDEN } from "~/domain/contact-masking";
import { MESSAGE_REQUIRED, MESSAGE_TOO_LONG } from "~/domain/conversation";
import { createLiveBus, liveBus } from "~/infra/live.server";
import { listSunkMail } from "~/infra/mail.server";
import { listSunkSms } from "~/infra/sms.server";
import { aHostAndARenter, book, createListing, pay } from "./booking-fixtures";
import { type Answer, call, expectStatus, loggedInUser, waitForMail } from "./helpers";

/** Conversations, notifications and viewings (the chat, notification and viewing calls; ADR 0026). */

type Person = Awaited<ReturnType<typeof loggedInUser>>;

function chatList(person: Person) {
  return call<ChatSummary[]>("GET", `/user/userChatList?userId=${person.user.id}`, { cookie: person.cookie });
}
function history(person: Person, conversationId: string, page = 1, size = 500) {
  return call<ChatHistory>("POST", `/user/userChatHistory/${page}/${size}`, {
    cookie: person.cookie,
    body: { conversationId },
  });
}
function unread(person: Person) {
  return call<{ totalUnread: number }>("GET", `/user/getUnreadMessageCount?userId=${person.user.id}`, {
    cookie: person.cookie,
  });
}
function send(person: Person, body: Record<string, unknown>) {
  return call<{ conversationId: string; messageId: number }>("POST", "/user/sendMessage", {
    cookie: person.cookie,
    body,
  });
}
function unreadNotifications(person: Person) {
  return call<{ notificationCount: number }>("GET", "/user/getAllUnreadNotification", {
    cookie: person.cookie,
  });
}
function myNotifications(person: Person) {
  return call<{ notifications: NotificationView[]; notificationCount: number }>(
    "GET",
    "/user/getMyAllNotification",
    { cookie: person.cookie },
  );
}

/** A Manila `datetime-local` value `days` ahead at `hour`:00. */
function slotIn(days: number, hour: number): string {
  const day = new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, "0")}:00`;
}

describe("a question from a listing page becomes a conversation", () => {
  it("threads the question, counts it unread for the host, tells the host and lets the host answer", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const asked = await call<{ conversationId: string }>("POST", "/enquiry/aboutSpace", {
      cookie: renter.cookie,
      body: { spaceId: space.id, message: "Is the room dry in the rainy season?" },
    });
    expectStatus(asked, 200, "Your question has been sent to the host.");
    const conversationId = asked.body.result.conversationId;

    const list = await chatList(host);
    expect(list.body.result).toHaveLength(1);
    expect(list.body.result[0]).toMatchObject({
      conversationId,
      spaceId: space.id,
      role: "host",
      other: { userId: renter.user.id, name: "Ria" },
      unread: 1,
      lastMessage: { kind: "text", text: "Is the room dry in the rainy season?", mine: false },
    });
    expect((await unread(host)).body.result).toEqual({ totalUnread: 1 });
    expect((await unread(renter)).body.result).toEqual({ totalUnread: 0 });
    // The conversation on the host's screen is left out (its page reads it as it loads).
    const onScreen = await call<{ totalUnread: number }>(
      "GET",
      `/user/getUnreadMessageCount?userId=${host.user.id}&openConversationId=${conversationId}`,
      { cookie: host.cookie },
    );
    expect(onScreen.body.result).toEqual({ totalUnread: 0 });
    // In the app, always; by e-mail as the host's settings say (on by default).
    expect((await unreadNotifications(host)).body.result).toEqual({ notificationCount: 1 });
    const [notice] = (await myNotifications(host)).body.result.notifications;
    expect(notice).toMatchObject({ kind: "spaceQuestion", link: `/messages/${conversationId}`, read: false });
    await waitForMail(host.email, `A question about ${space.spaceTitle}`);

    expectStatus(
      await call("POST", "/user/readMessage", { cookie: host.cookie, body: { conversationId } }),
      200,
    );
    expect((await unread(host)).body.result).toEqual({ totalUnread: 0 });

    const answered = await send(host, { conversationId, message: "Yes: it is on the second floor." });
    expectStatus(answered, 200, "Your message has been sent.");
    const renterView = await history(renter, conversationId);
    expect(renterView.body.result).toMatchObject({
      role: "renter",
      totalMessages: 2,
      contactsRevealed: false,
    });
    expect(renterView.body.result.messages.map((m) => [m.text, m.mine])).toEqual([
      ["Is the room dry in the rainy season?", true],
      ["Yes: it is on the second floor.", false],
    ]);
    expect((await unread(renter)).body.result).toEqual({ totalUnread: 1 });
    await waitForMail(renter.email, `New message from ${host.user.firstName} about ${space.spaceTitle}`);
  });

  it("a renter can also write first from the listing (spaceId), never to their own space", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const first = await send(renter, { spaceId: space.id, message: "Hello, is it free in January?" });
    expectStatus(first, 200);
    const again = await send(renter, { spaceId: space.id, message: "And February?" });
    expect(again.body.result.conversationId).toBe(first.body.result.conversationId);
    expectStatus(await send(host, { spaceId: space.id, message: "Me?" }), 400);
  });
});

describe("what a message may hold", () => {
  it("refuses an empty or oversized message and keeps HTML as text", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const empty = await send(renter, { spaceId: space.id, message: "   " });
    expectStatus(empty, 400, MESSAGE_REQUIRED);
    expect(empty.body.result).toContainEqual({ field: "message", message: MESSAGE_REQUIRED });
    expectStatus(await send(renter, { spaceId: space.id, message: "x".repeat(2001) }), 400, MESSAGE_TOO_LONG);
    expect((await chatList(renter)).body.result).toHaveLength(0);

    const html = '<img src=x onerror="alert(1)"><b>hi</b>';
    const sent = await send(renter, { spaceId: space.id, message: html });
    const seen = await history(host, sent.body.result.conversationId);
    expect(seen.body.result.messages[0]?.text).toBe(html);
  });

  it("masks phone numbers, e-mail addresses and links until the two have an approved booking", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const text = "Text me at +63 917 123 4567 or ria.santos@gmail.com, photos at https://example.com/p";
    const sent = await send(renter, { spaceId: space.id, message: text });
    const conversationId = sent.body.result.conversationId;
    const before = await history(host, conversationId);
    expect(before.body.result.messages[0]?.text).toBe(
      `Text me at ${HIDDEN} or ${HIDDEN}, photos at ${HIDDEN}`,
    );
    expect((await chatList(host)).body.result[0]?.lastMessage?.text).not.toContain("917");
    // The writer sees it masked too: what both see is the same.
    expect((await history(renter, conversationId)).body.result.messages[0]?.text).not.toContain("gmail");

    const { bookingId, due } = (await book(renter.cookie, { spaceId: space.id })).body.result;
    await pay(bookingId, due);
    expectStatus(
      await call<BookingDetails>("POST", "/reserve/approveBooking", {
        cookie: host.cookie,
        body: { bookingId, ownerId: host.user.id, autoAcceptExtension: false, type: "storage" },
      }),
      200,
    );
    const after = await history(host, conversationId);
    expect(after.body.result.contactsRevealed).toBe(true);
    expect(after.body.result.messages.find((m) => m.kind === "text")?.text).toBe(text);
  });
});

describe("only the two people reach a conversation", () => {
  it("answers 404 to anyone else, for every call, and changes nothing", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const sent = await send(renter, { spaceId: space.id, message: "Hello" });
    const conversationId = sent.body.result.conversationId;
    const stranger = await loggedInUser();
    const refused: Answer[] = [
      await history(stranger, conversationId),
      await call("POST", "/user/readMessage", { cookie: stranger.cookie, body: { conversationId } }),
      await call("POST", "/user/deleteChatHistory", { cookie: stranger.cookie, body: { conversationId } }),
      await send(stranger, { conversationId, message: "Let me in" }),
      await call("GET", `/user/userChatList?userId=${host.user.id}`, { cookie: stranger.cookie }),
      await call("GET", `/user/getUnreadMessageCount?userId=${host.user.id}`, { cookie: stranger.cookie }),
      await call("PUT", `/user/readAllNotification?userId=${host.user.id}`, { cookie: stranger.cookie }),
    ];
    for (const answer of refused) expect(answer.status).toBe(404);
    expect((await call("GET", "/user/getAllUnreadNotification")).status).toBe(401);
    const { db } = await getDatabase();
    expect(await db.select().from(messages).where(eq(messages.conversationId, conversationId))).toHaveLength(
      1,
    );
    expect((await unread(host)).body.result.totalUnread).toBe(1);
    expectStatus(await history(host, conversationId, 1, 501), 400, "A page has at most 500 messages.");
  });

  it("deleteChatHistory hides the conversation for the caller only, until a new message", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const sent = await send(renter, { spaceId: space.id, message: "First" });
    const conversationId = sent.body.result.conversationId;
    expectStatus(
      await call("POST", "/user/deleteChatHistory", { cookie: host.cookie, body: { conversationId } }),
      200,
      "The conversation has been deleted.",
    );
    expect((await chatList(host)).body.result).toHaveLength(0);
    expect((await unread(host)).body.result.totalUnread).toBe(0);
    expect((await chatList(renter)).body.result).toHaveLength(1);
    await send(renter, { conversationId, message: "Second" });
    const back = await history(host, conversationId);
    expect(back.body.result.messages.map((m) => m.text)).toEqual(["Second"]);
    expect((await history(renter, conversationId)).body.result.totalMessages).toBe(2);
  });

  it("pages the history 500 at a time, newest page first", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const sent = await send(renter, { spaceId: space.id, message: "m0" });
    const conversationId = sent.body.result.conversationId;
    const { db } = await getDatabase();
    await db.insert(messages).values(
      Array.from({ length: 501 }, (_, i) => ({
        conversationId,
        senderId: renter.user.id,
        body: `m${i + 1}`,
      })),
    );
    const first = await history(host, conversationId, 1);
    expect(first.body.result).toMatchObject({ totalMessages: 502, page: 1, pageSize: 500 });
    expect(first.body.result.messages).toHaveLength(500);
    expect(first.body.result.messages.at(-1)?.text).toBe("m501");
    const second = await history(host, conversationId, 2);
    expect(second.body.result.messages.map((m) => m.text)).toEqual(["m0", "m1"]);
  });
});

describe("notifications", () => {
  it("lists, reads one, reads all and deletes the caller's own only; e-mail follows the setting", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const { db } = await getDatabase();
    await db.update(users).set({ emailNotifications: false }).where(eq(users.id, host.user.id));
    const sent = await send(renter, { spaceId: space.id, message: "One" });
    await send(renter, { conversationId: sent.body.result.conversationId, message: "Two" });
    const all = await myNotifications(host);
    expect(all.body.result.notificationCount).toBe(2);
    const [newest, older] = all.body.result.notifications as [NotificationView, NotificationView];
    expect(newest).toMatchObject({ kind: "newMessage", title: "New message from Ria", read: false });

    const stranger = await loggedInUser();
    const id = newest.notificationId;
    expectStatus(
      await call("GET", `/user/readNotification?notificationId=${id}`, { cookie: stranger.cookie }),
      404,
      "This notification was not found.",
    );
    expectStatus(
      await call("DELETE", `/user/deleteNotification?notificationId=${id}`, { cookie: stranger.cookie }),
      404,
    );
    const read = await call<NotificationView>("GET", `/user/readNotification?notificationId=${id}`, {
      cookie: host.cookie,
    });
    expect(read.body.result).toMatchObject({ notificationId: id, read: true });
    expect((await unreadNotifications(host)).body.result.notificationCount).toBe(1);
    expectStatus(
      await call("PUT", `/user/readAllNotification?userId=${host.user.id}`, { cookie: host.cookie }),
      200,
    );
    expect((await unreadNotifications(host)).body.result.notificationCount).toBe(0);
    expectStatus(
      await call("DELETE", `/user/deleteNotification?notificationId=${older.notificationId}`, {
        cookie: host.cookie,
      }),
      200,
      "The notification has been deleted.",
    );
    expect((await myNotifications(host)).body.result.notifications).toHaveLength(1);
    // emailNotifications off: in the app only.
    expect((await listSunkMail()).some((mail) => mail.to === host.email)).toBe(false);
    expect(
      await db.select().from(notifications).where(eq(notifications.userId, stranger.user.id)),
    ).toHaveLength(0);
  });

  it("texts the user as their smsNotifications setting says", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const { db } = await getDatabase();
    // Numbers of this run only: the SMS sink is a folder that outlives test runs.
    const [hostPhone, renterPhone] = [1, 2].map(() => `0917${String(Math.random()).slice(2, 9)}`);
    await db.update(users).set({ phoneNumber: hostPhone }).where(eq(users.id, host.user.id));
    await db
      .update(users)
      .set({ phoneNumber: renterPhone, smsNotifications: false })
      .where(eq(users.id, renter.user.id));
    const sent = await send(renter, { spaceId: space.id, message: "Hello" });
    await send(host, { conversationId: sent.body.result.conversationId, message: "Hi!" });
    await expect
      .poll(async () => (await listSunkSms()).filter((sms) => sms.to === hostPhone).map((sms) => sms.text), {
        timeout: 15_000,
      })
      .toEqual([expect.stringMatching(/^Space Solution: Ria sent you a message about /)]);
    expect((await listSunkSms()).some((sms) => sms.to === renterPhone)).toBe(false);
    expect((await unreadNotifications(renter)).body.result.notificationCount).toBe(1);
  });

  it("every booking change is a line in the conversation and a notification to both", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const { bookingId, due } = (await book(renter.cookie, { spaceId: space.id })).body.result;
    await pay(bookingId, due);
    await expect
      .poll(async () => (await chatList(host)).body.result[0]?.lastMessage?.kind, { timeout: 15_000 })
      .toBe("system");
    const line = (await chatList(host)).body.result[0];
    expect(line?.lastMessage?.text).toMatch(/^Booking .+ to .+: /);
    await expect
      .poll(async () => (await myNotifications(host)).body.result.notifications.map((n) => n.kind), {
        timeout: 15_000,
      })
      .toContain("bookingUpdate");
    const [hostNotice] = (await myNotifications(host)).body.result.notifications;
    expect(hostNotice?.link).toBe(`/bookings/${bookingId}`);
  });
});

describe("viewings", () => {
  it("request, refusals, confirm with a gate pass, reschedule, propose, cancel", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const request = (body: Record<string, unknown>, who = renter) =>
      call<ViewingView>("POST", "/bookView/requestViewing", { cookie: who.cookie, body });
    const past = new Date(Date.now() - 3600_000).toISOString();
    expectStatus(
      await request({ spaceId: space.id, slots: [] }),
      400,
      "Please choose at least one time for the viewing.",
    );
    expectStatus(
      await request({ spaceId: space.id, slots: [past] }),
      400,
      "Please choose a time that has not passed.",
    );
    expectStatus(
      await request({ spaceId: space.id, slots: [slotIn(15, 10)] }),
      400,
      "Please choose a time in the next 14 days.",
    );
    expectStatus(
      await request({
        spaceId: space.id,
        slots: [slotIn(1, 9), slotIn(1, 10), slotIn(1, 11), slotIn(1, 12)],
      }),
      400,
      "You can offer at most 3 times.",
    );
    expectStatus(
      await request({ spaceId: space.id, slots: ["tomorrow"] }),
      400,
      "Please choose a valid date and time.",
    );
    expectStatus(await request({ spaceId: space.id, slots: [slotIn(2, 10)] }, host), 400);
    const { db } = await getDatabase();
    expect(await db.select().from(viewings)).toHaveLength(0);

    const asked = await request({
      spaceId: space.id,
      slots: [slotIn(2, 10), slotIn(3, 15)],
      note: "After work",
    });
    expectStatus(asked, 200, "Your viewing request has been sent to the host.");
    const viewingId = asked.body.result.viewingId;
    expect(asked.body.result).toMatchObject({
      state: "requested",
      proposedBy: "renter",
      canAnswer: false,
      pass: null,
    });
    expect(asked.body.result.slots).toHaveLength(2);
    expectStatus(await request({ spaceId: space.id, slots: [slotIn(4, 10)] }), 409);

    const stranger = await loggedInUser();
    expectStatus(
      await call("GET", `/bookView/viewing?viewingId=${viewingId}`, { cookie: stranger.cookie }),
      404,
    );
    const chosen = asked.body.result.slots[1]?.start as string;
    expectStatus(
      await call("POST", "/bookView/BookViewing", {
        cookie: stranger.cookie,
        body: { viewingId, slot: chosen },
      }),
      404,
    );
    expectStatus(
      await call("POST", "/bookView/BookViewing", {
        cookie: renter.cookie,
        body: { viewingId, slot: chosen },
      }),
      409,
      "The other side has to answer these times.",
    );
    expectStatus(
      await call("POST", "/bookView/BookViewing", {
        cookie: host.cookie,
        body: { viewingId, slot: new Date(Date.now() + 86_400_000).toISOString() },
      }),
      400,
      "Please choose one of the times offered.",
    );
    const confirmed = await call<ViewingView>("POST", "/bookView/BookViewing", {
      cookie: host.cookie,
      body: { viewingId, slot: chosen },
    });
    expectStatus(confirmed, 200);
    expect(confirmed.body.result).toMatchObject({ state: "confirmed", confirmed: { start: chosen } });
    const pass = (
      await call<ViewingView>("GET", `/bookView/viewing?viewingId=${viewingId}`, { cookie: renter.cookie })
    ).body.result.pass;
    expect(pass?.passNumber).toMatch(/^VP-[A-Z2-9]{8}$/);
    expect(pass?.address).toContain("4521 Chino Roces Avenue");
    expect(pass?.validNow).toBe(false);
    // The reminder waits for the day before.
    const jobs = await db.execute(sql`select start_after from pgboss.job where name = 'viewing-reminder'`);
    const [reminder] = (jobs as unknown as { rows: { start_after: Date }[] }).rows;
    expect(new Date(reminder?.start_after ?? 0).getTime()).toBe(new Date(chosen).getTime() - 86_400_000);

    const moved = await call<ViewingView>("PUT", `/bookView/editbookView?viewingId=${viewingId}`, {
      cookie: renter.cookie,
      body: { action: "reschedule", slots: [slotIn(5, 16)] },
    });
    expect(moved.body.result).toMatchObject({
      state: "requested",
      proposedBy: "renter",
      pass: null,
      confirmed: null,
    });
    const proposed = await call<ViewingView>("POST", "/bookView/BookViewing", {
      cookie: host.cookie,
      body: { viewingId, slots: [slotIn(6, 9), slotIn(6, 13)] },
    });
    expect(proposed.body.result).toMatchObject({ proposedBy: "host", canAnswer: false });
    const byRenter = await call<ViewingView>("POST", "/bookView/BookViewing", {
      cookie: renter.cookie,
      body: { viewingId, slot: proposed.body.result.slots[0]?.start },
    });
    expect(byRenter.body.result.state).toBe("confirmed");
    const cancelled = await call<ViewingView>("PUT", `/bookView/editbookView?viewingId=${viewingId}`, {
      cookie: host.cookie,
      body: { action: "cancel" },
    });
    expect(cancelled.body.result.state).toBe("cancelled");
    expectStatus(
      await call("PUT", `/bookView/editbookView?viewingId=${viewingId}`, {
        cookie: renter.cookie,
        body: { action: "reschedule", slots: [slotIn(7, 10)] },
      }),
      409,
      "This viewing was cancelled.",
    );

    const lines = (await history(renter, asked.body.result.conversationId)).body.result.messages;
    expect(lines.every((line) => line.kind === "system" && line.viewingId === viewingId)).toBe(true);
    expect(lines.map((line) => line.text)).toEqual([
      expect.stringMatching(/^Ria asked to view the space: /),
      expect.stringMatching(/^Carla confirmed the viewing: /),
      expect.stringMatching(/^Ria proposed other times: /),
      expect.stringMatching(/^Carla proposed other times: /),
      expect.stringMatching(/^Ria confirmed the viewing: /),
      "Carla cancelled the viewing.",
    ]);
    const hostKinds = (await myNotifications(host)).body.result.notifications.map((n) => n.kind);
    expect(hostKinds.filter((kind) => kind === "viewingUpdate")).toHaveLength(3);
  });

  it("limits viewing requests per renter", async () => {
    const host = await loggedInUser();
    const renter = await loggedInUser();
    for (let i = 0; i < 10; i++) {
      const space = await createListing(host.user.id);
      expectStatus(
        await call("POST", "/bookView/requestViewing", {
          cookie: renter.cookie,
          body: { spaceId: space.id, slots: [slotIn(3, 10)] },
        }),
        200,
      );
    }
    const space = await createListing(host.user.id);
    expectStatus(
      await call("POST", "/bookView/requestViewing", {
        cookie: renter.cookie,
        body: { spaceId: space.id, slots: [slotIn(3, 10)] },
      }),
      429,
    );
  });
});

describe("live updates", () => {
  it("a sent message reaches the other side's open pages through the app's bus", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const heard: string[] = [];
    const stop = (await liveBus()).subscribe(host.user.id, (change) => heard.push(change.topic));
    await send(renter, { spaceId: space.id, message: "Are you there?" });
    // PGlite: in process; PostgreSQL: through LISTEN/NOTIFY, so it may take a moment.
    await expect.poll(() => heard, { timeout: 10_000 }).toContain("messages");
    expect(heard).toContain("notifications");
    stop();
  });

  it.runIf(process.env.TEST_DB === "postgres")(
    "two instances on one database deliver to each other's streams (LISTEN/NOTIFY)",
    async () => {
      const { url } = await getDatabase();
      const one = createLiveBus({ url });
      const two = createLiveBus({ url });
      const heard: string[] = [];
      two.subscribe("user-a", (change) => heard.push(`${change.userId}:${change.topic}`));
      await two.publish([]);
      await expect
        .poll(
          async () => {
            await one.publish([{ userId: "user-a", topic: "notifications" }]);
            return heard.length;
          },
          { timeout: 10_000 },
        )
        .toBeGreaterThan(0);
      expect(heard[0]).toBe("user-a:notifications");
      await one.close();
      await two.close();
    },
  );
});

describe("the migration of earlier questions", () => {
  it("turns stored questions of people with accounts into conversations with their first messages", async () => {
    const { host, renter, space } = await aHostAndARenter();
    const { db } = await getDatabase();
    await db.insert(enquiries).values([
      { kind: "aboutSpace", userId: renter.user.id, spaceId: space.id, message: "Old question", name: "Ria" },
      {
        kind: "aboutSpace",
        userId: null,
        spaceId: space.id,
        message: "Visitor",
        name: "V",
        email: "v@example.ph",
      },
    ]);
    // As on the day it ran: no conversation yet.
    await db.delete(conversations);
    const migration = readFileSync("drizzle/0009_conversations.sql", "utf8");
    const moves = migration
      .slice(migration.indexOf("-- The questions already asked"))
      .split("--> statement-breakpoint");
    for (const statement of moves) await db.execute(sql.raw(statement));
    const [conversation] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.spaceId, space.id), eq(conversations.renterId, renter.user.id)));
    expect(conversation?.hostId).toBe(host.user.id);
    const rows = await db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, conversation?.id ?? ""));
    expect(rows.map((row) => [row.body, row.senderId])).toEqual([["Old question", renter.user.id]]);
    expect((await unread(host)).body.result.totalUnread).toBe(0);
  });
});
