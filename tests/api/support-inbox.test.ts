import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  listSupportMessages,
  replyToSupportMessage,
  SUPPORT_MESSAGES,
  setSupportStatus,
} from "~/core/support-inbox.server";
import { getDatabase } from "~/db/db.server";
import { contactMessages, enquiries, feedback } from "~/db/schema";
import { DomainError } from "~/domain/errors";
import { getEnv } from "~/env.server";
import { listSunkMail } from "~/infra/mail.server";
import { loggedInUser, uniqueEmail, waitForMail } from "./helpers";

/** The support inbox's service (ADR 0071): one list, a reply e-mailed to the sender once, the status it moves. */

async function aContactMessage() {
  const { db } = await getDatabase();
  const email = uniqueEmail("juan");
  const [row] = await db
    .insert(contactMessages)
    .values({ name: "Juan dela Cruz", email, topic: "payment", message: "Where is my refund?" })
    .returning();
  if (!row) throw new Error("not stored");
  return row;
}

describe("the support inbox", () => {
  it("lists contact-us messages, feedback, missing-space requests and host enquiries, newest first", async () => {
    const { db } = await getDatabase();
    const { user } = await loggedInUser({ nickName: "Ria" });
    const contact = await aContactMessage();
    const [given] = await db
      .insert(feedback)
      .values({ userId: user.id, message: "The booking page was clear.", rating: 5 })
      .returning();
    const missingEmail = uniqueEmail("missing");
    const [missing] = await db
      .insert(enquiries)
      .values({
        kind: "missingSpace",
        name: "Ana",
        email: missingEmail,
        message: "A parking slot near BGC",
        details: { city: "Taguig" },
      })
      .returning();
    const [hostEnquiry] = await db
      .insert(enquiries)
      .values({ kind: "aboutListing", name: "Ben", email: uniqueEmail("ben"), message: "I have a garage." })
      .returning();
    const [question] = await db
      .insert(enquiries)
      .values({ kind: "aboutSpace", name: "Cy", email: uniqueEmail("cy"), message: "Is it dry?" })
      .returning();

    const inbox = await listSupportMessages(db, { status: "new", limit: 1000 });
    const ids = inbox.map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([contact.id, given?.id, missing?.id, hostEnquiry?.id]));
    // A question about a space is its host's to answer, not support's.
    expect(ids).not.toContain(question?.id);
    expect(inbox.find((row) => row.id === given?.id)).toMatchObject({
      kind: "feedback",
      name: "Ria",
      email: user.email,
      status: "new",
      details: { rating: 5 },
    });
    expect(inbox.find((row) => row.id === missing?.id)).toMatchObject({
      kind: "missingSpace",
      email: missingEmail,
      details: { city: "Taguig" },
    });
    const times = inbox.map((row) => row.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const onlyHosts = await listSupportMessages(db, { kind: "hostEnquiry", limit: 1000 });
    expect(onlyHosts.every((row) => row.kind === "hostEnquiry")).toBe(true);
    expect(onlyHosts.map((row) => row.id)).toContain(hostEnquiry?.id);
  });

  it("e-mails a reply to the sender once and marks the message answered, then closed", async () => {
    const { db } = await getDatabase();
    const contact = await aContactMessage();
    const answered = await replyToSupportMessage(
      db,
      "contactUs",
      contact.id,
      "  Your refund went out today; GCash shows it within a day.  ",
    );
    expect(answered).toMatchObject({
      status: "answered",
      reply: "Your refund went out today; GCash shows it within a day.",
    });

    const subject = "Space Solution support: a reply to your message";
    const mail = await waitForMail(contact.email, subject);
    expect(mail.text).toContain("Hi Juan dela Cruz,");
    expect(mail.text).toContain("Your refund went out today; GCash shows it within a day.");
    expect(mail.text).toContain("> Where is my refund?");
    const sent = (await listSunkMail()).filter((row) => row.to === contact.email && row.subject === subject);
    expect(sent).toHaveLength(1);
    // Replies go to the sender, never to support's own address.
    expect(mail.to).not.toBe(getEnv().SUPPORT_EMAIL);

    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, contact.id));
    expect(stored).toMatchObject({ supportStatus: "answered", supportReply: answered.reply });
    expect(stored?.answeredAt).toBeInstanceOf(Date);

    await setSupportStatus(db, "contactUs", contact.id, "closed");
    const [closed] = await db.select().from(contactMessages).where(eq(contactMessages.id, contact.id));
    expect(closed?.supportStatus).toBe("closed");
    await expect(replyToSupportMessage(db, "contactUs", contact.id, "One more thing")).rejects.toThrow(
      SUPPORT_MESSAGES.closed,
    );
  });

  it("replies to feedback at the sender's account address", async () => {
    const { db } = await getDatabase();
    const { user } = await loggedInUser({ nickName: "Lito" });
    const [given] = await db
      .insert(feedback)
      .values({ userId: user.id, message: "The gate code did not work." })
      .returning();
    if (!given) throw new Error("not stored");
    await replyToSupportMessage(db, "feedback", given.id, "We changed the gate code; sorry for the trouble.");
    const mail = await waitForMail(user.email, "Space Solution support: a reply to your feedback");
    expect(mail.text).toContain("Hi Lito,");
  });

  it("refuses an empty reply, and a message that is not there, sending nothing", async () => {
    const { db } = await getDatabase();
    const contact = await aContactMessage();
    await expect(replyToSupportMessage(db, "contactUs", contact.id, "   ")).rejects.toThrow(
      SUPPORT_MESSAGES.replyRequired,
    );
    // The id of a contact-us message is not a missing-space request's.
    await expect(replyToSupportMessage(db, "missingSpace", contact.id, "Hello")).rejects.toBeInstanceOf(
      DomainError,
    );
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, contact.id));
    expect(stored?.supportStatus).toBe("new");
    expect((await listSunkMail()).filter((row) => row.to === contact.email)).toEqual([]);
  });
});
