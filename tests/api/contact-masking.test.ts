import { describe, expect, it } from "vitest";
import type { ChatHistory, ChatSummary } from "~/api/conversations/conversations.server";
import type { NotificationView } from "~/api/conversations/notifications.server";
import type { ViewingView } from "~/api/conversations/viewings.server";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { getDatabase } from "~/db/db.server";
import { storageItems } from "~/db/schema";
import { HIDDEN } from "~/domain/contact-masking";
import { displayName } from "~/domain/display-name";
import { listSunkMail, type SunkMail } from "~/infra/mail.server";
import { aHostAndARenter, anApprovedBooking, book, pay } from "./booking-fixtures";
import { call, expectStatus, type loggedInUser, waitForMail } from "./helpers";

/**
 * Contact details before an approved booking (docs/product.md, Conversations and viewings): every text one side shows
 * the other — chat messages, the reservation's message for the host, viewing notes, and the notifications and e-mails
 * quoting them — shows phone numbers, e-mail addresses, links and handles as "[hidden]" until the two have an approved
 * booking, and verbatim from then on.
 */

type Person = Awaited<ReturnType<typeof loggedInUser>>;

const DETAILS = ["0917", "4567", "gmail", "juan.dc", "765"];
/** Ids (a booking's link in an e-mail) are random hex, which can hold "765" or "4567" by chance: they are not details. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const expectNoDetails = (text: string) => {
  const withoutIds = text.replace(UUID, "<id>");
  for (const detail of DETAILS) expect(withoutIds).not.toContain(detail);
};

function send(person: Person, body: Record<string, unknown>) {
  return call<{ conversationId: string; messageId: number }>("POST", "/user/sendMessage", {
    cookie: person.cookie,
    body,
  });
}
async function history(person: Person, conversationId: string) {
  const answer = await call<ChatHistory>("POST", "/user/userChatHistory/1/500", {
    cookie: person.cookie,
    body: { conversationId },
  });
  expectStatus(answer, 200);
  return answer.body.result;
}
async function bell(person: Person) {
  const answer = await call<{ notifications: NotificationView[] }>("GET", "/user/getMyAllNotification", {
    cookie: person.cookie,
  });
  return answer.body.result.notifications;
}
async function bookingData(person: Person, bookingId: string) {
  const answer = await call<BookingDetails>("GET", `/reserve/retrieveBookingData/${bookingId}`, {
    cookie: person.cookie,
  });
  expectStatus(answer, 200);
  return answer.body.result;
}
/** Every mail to `to` with this subject in the dev mail folder, once there are `count` of them. */
async function mailsTo(to: string, subject: string, count: number): Promise<SunkMail[]> {
  await waitForMail(to, subject);
  let found: SunkMail[] = [];
  await expect
    .poll(
      async () => {
        found = (await listSunkMail()).filter((mail) => mail.to === to && mail.subject === subject);
        return found.length;
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBe(count);
  return found;
}

/** A Manila `datetime-local` value `days` ahead at `hour`:00. */
function slotIn(days: number, hour: number): string {
  const day = new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, "0")}:00`;
}

describe("contact details before an approved booking", () => {
  it("chat: a spelled-out address and a number split over two messages are hidden in the thread, the list, the bell and the e-mails; shown once approved", async () => {
    const parties = await aHostAndARenter();
    const { host, renter, space } = parties;
    const first = "Hi! Mail juan at gmail dot com or call 0917 123";
    const sent = await send(renter, { spaceId: space.id, message: first });
    expectStatus(sent, 200);
    const conversationId = sent.body.result.conversationId;
    expectStatus(await send(renter, { conversationId, message: "4567" }), 200);

    const before = await history(host, conversationId);
    expect(before.contactsRevealed).toBe(false);
    expect(before.messages.map((message) => message.text)).toEqual([
      `Hi! Mail ${HIDDEN} or call ${HIDDEN}`,
      HIDDEN,
    ]);
    const list = await call<ChatSummary[]>("GET", `/user/userChatList?userId=${host.user.id}`, {
      cookie: host.cookie,
    });
    expect(list.body.result[0]?.lastMessage?.text).toBe(HIDDEN);
    const subject = `New message from Ria about ${space.spaceTitle}`;
    const mails = await mailsTo(host.email, subject, 2);
    for (const mail of mails) expectNoDetails(mail.text);
    expect(mails.map((mail) => mail.text).join("\n")).toContain(HIDDEN);
    const notices = (await bell(host)).filter((notice) => notice.kind === "newMessage");
    expect(notices).toHaveLength(2);
    for (const notice of notices) expectNoDetails(notice.body);

    await anApprovedBooking(parties);
    const after = await history(host, conversationId);
    expect(after.contactsRevealed).toBe(true);
    expect(after.messages.filter((m) => m.kind === "text").map((m) => m.text)).toEqual([first, "4567"]);
  });

  it("booking: the message for the host, the items and a decline's reason are hidden on both sides and in the e-mail; shown once approved", async () => {
    const parties = await aHostAndARenter();
    const { host, renter, space } = parties;
    const { db } = await getDatabase();
    const [item] = await db
      .insert(storageItems)
      .values({
        userId: renter.user.id,
        name: "Boxes",
        quantity: 3,
        notes: "Fragile: call 0917-123-4567 first",
      })
      .returning();
    const message = "Hello! Text me at ０９１７ １２３ ４５６７ or fb: juan.dc";
    const booked = await book(renter.cookie, {
      spaceId: space.id,
      messageForKeeper: message,
      itemIds: [item?.id],
    });
    expectStatus(booked, 200);
    const { bookingId, price } = booked.body.result;
    await pay(bookingId, price.due);

    const seen = await bookingData(host, bookingId);
    expect(seen.state).toBe("requested");
    expect(seen.contactsRevealed).toBe(false);
    expect(seen.messageForKeeper).toBe(`Hello! Text me at ${HIDDEN} or fb: ${HIDDEN}`);
    expect(seen.items[0]?.notes).toBe(`Fragile: call ${HIDDEN} first`);

    const reason = "Sorry, the dates are taken. Text me on 0917 765 4321 for another space";
    expectStatus(
      await call("POST", "/reserve/declineBooking", { cookie: host.cookie, body: { bookingId, reason } }),
      200,
    );
    const declined = await bookingData(renter, bookingId);
    expect(declined.history.at(-1)?.reason).toBe(
      `Declined by the host: Sorry, the dates are taken. Text me on ${HIDDEN} for another space`,
    );
    const declinedNews = `${displayName(host.user)} declined your request`;
    const [mail] = await mailsTo(renter.email, `${declinedNews}: ${space.spaceTitle}`, 1);
    expectNoDetails(mail?.text ?? "");
    expect(mail?.text).toContain(`Text me on ${HIDDEN} for another space`);
    const notice = (await bell(renter)).find((n) => n.title === declinedNews);
    expect(notice?.body).toContain(HIDDEN);
    expectNoDetails(notice?.body ?? "");
    // The same job wrote the conversation's line before the mail (the payment's line may come after it).
    const line = (await history(renter, await conversationOf(renter))).messages.find((m) =>
      m.text.includes("Declined by the host"),
    );
    expect(line?.text).toContain(`Text me on ${HIDDEN}`);

    await anApprovedBooking(parties);
    const revealed = await bookingData(host, bookingId);
    expect(revealed.contactsRevealed).toBe(true);
    expect(revealed.messageForKeeper).toBe(message);
    expect(revealed.items[0]?.notes).toBe("Fragile: call 0917-123-4567 first");
    expect(revealed.history.find((entry) => entry.to === "declined")?.reason).toBe(
      `Declined by the host: ${reason}`,
    );
  });

  it("viewing: the note is hidden from the host (and as the renter sees it) until approval", async () => {
    const parties = await aHostAndARenter();
    const { host, renter, space } = parties;
    const note = "I can come any time. My number is ٠٩١٧١٢٣٤٥٦٧, or juan(at)yahoo(dot)com";
    const asked = await call<ViewingView>("POST", "/bookView/requestViewing", {
      cookie: renter.cookie,
      body: { spaceId: space.id, slots: [slotIn(2, 10)], note },
    });
    expectStatus(asked, 200);
    const viewingId = asked.body.result.viewingId;
    const masked = `I can come any time. My number is ${HIDDEN}, or ${HIDDEN}`;
    expect(asked.body.result.note).toBe(masked);
    const one = await call<ViewingView>("GET", `/bookView/viewing?viewingId=${viewingId}`, {
      cookie: host.cookie,
    });
    expect(one.body.result.note).toBe(masked);
    const mine = await call<ViewingView[]>("GET", "/bookView/myViewings", { cookie: host.cookie });
    expect(mine.body.result[0]?.note).toBe(masked);

    await anApprovedBooking(parties);
    const after = await call<ViewingView>("GET", `/bookView/viewing?viewingId=${viewingId}`, {
      cookie: host.cookie,
    });
    expect(after.body.result.note).toBe(note);
  });
});

async function conversationOf(person: Person): Promise<string> {
  const list = await call<ChatSummary[]>("GET", `/user/userChatList?userId=${person.user.id}`, {
    cookie: person.cookie,
  });
  return list.body.result[0]?.conversationId ?? "";
}
