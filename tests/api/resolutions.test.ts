import { and, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { NOT_YOUR_BOOKING, NOT_YOUR_LIST, NOT_YOUR_PHOTO } from "~/api/resol/resolutions.server";
import { checkLedger } from "~/core/ledger.server";
import {
  decideResolution,
  decisionFromArgs,
  NO_SUCH_CASE,
  resolutionDecideCommand,
} from "~/core/resolution-decide.server";
import type { ResolutionDetails, ResolutionSummary } from "~/core/resolution-service.server";
import type { UploadView } from "~/core/uploads.server";
import { getDatabase } from "~/db/db.server";
import {
  auditLog,
  bookings,
  messages,
  notifications,
  resolutionPhotos,
  resolutions,
  uploads,
} from "~/db/schema";
import { addDays, todayInManila } from "~/domain/dates";
import {
  ALREADY_OPEN,
  CASE_CLOSED,
  CLAIM_WINDOW_PASSED,
  ONLY_OPENER_WITHDRAWS,
  RENTER_DEPOSIT,
} from "~/domain/resolution";
import { getStorage } from "~/infra/storage.server";
import { totpCode } from "~/infra/totp.server";
import { anActiveBooking } from "./booking-fixtures";
import {
  type Answer,
  call,
  expectRefused,
  expectStatus,
  fileForm,
  loggedInUser,
  postForm,
  runOps,
} from "./helpers";

/**
 * The resolution center (ADR 0033): a host's deposit claim with photos on an ended booking, the renter's reply, the
 * opener's withdrawal and the operator's decision (`npm run ops -- resolution:decide`); every refusal of the calls
 * (someone else's case, a claim after 72 hours, a renter claiming their own deposit, a wrong upload) changes nothing.
 * The ledger is proven sound after each test.
 */

afterEach(async () => {
  const { db } = await getDatabase();
  expect(await checkLedger(db)).toEqual([]);
});

const IMAGE_ONLY = "Please select image file only.";
const INVALID_TYPE = "Invalid upload type.";
const NOT_YOUR_CASE = "This case is between other people: only its renter and host can see or change it.";

let png: Buffer;
/** A phone photo carrying its camera in EXIF. */
let exifJpeg: Buffer;
beforeAll(async () => {
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#a53" } })
    .png()
    .toBuffer();
  exifJpeg = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#3a5" } })
    .withExif({ IFD0: { Make: "Acme", Model: "Phone 9" } })
    .jpeg()
    .toBuffer();
});

/**
 * A booking that ended `daysAgo` days ago (Manila), with its deposit held: booked, paid, approved and started through
 * the API, its dates then moved into the past in the database (the real clock cannot wait months).
 */
async function anEndedBooking(daysAgo = 1) {
  const parties = await anActiveBooking();
  const { db } = await getDatabase();
  const endDate = addDays(todayInManila(), -daysAgo);
  const [row] = await db
    .update(bookings)
    .set({ state: "completed", startDate: addDays(endDate, -89), endDate })
    .where(eq(bookings.id, parties.bookingId))
    .returning();
  if (!row) throw new Error("no booking");
  return { ...parties, booking: row };
}

type Person = { cookie: string; user: { id: string } };

function uploadPhotos(
  who: Person,
  fields: Record<string, string> = {},
  file = { bytes: png as Uint8Array, name: "scratch.png", type: "image/png" },
): Promise<Answer<UploadView & { uploads: UploadView[]; resolutionId?: string }>> {
  return postForm("/space/imageUploadResolution", fileForm("image", file, fields), { cookie: who.cookie });
}

function openCase(who: Person, body: Record<string, unknown>) {
  return call<ResolutionDetails>("POST", "/resol/addResolution", { cookie: who.cookie, body });
}

const viewCase = (who: Person, resolutionId: string) =>
  call<ResolutionDetails>("GET", `/resol/viewResolution?resolutionId=${resolutionId}`, {
    cookie: who.cookie,
  });
const reply = (who: Person, resolutionId: string, message: string) =>
  call<ResolutionDetails>("POST", "/resol/replyResolution", {
    cookie: who.cookie,
    body: { resolutionId, message },
  });
const withdraw = (who: Person, resolutionId: string) =>
  call<ResolutionDetails>("POST", "/resol/withdrawResolution", {
    cookie: who.cookie,
    body: { resolutionId },
  });

async function casesOn(bookingId: string): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db.select({ n: count() }).from(resolutions).where(eq(resolutions.bookingId, bookingId));
  return row?.n ?? 0;
}

async function noticesOf(userId: string, title: string): Promise<number> {
  const { db } = await getDatabase();
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.title, title)));
  return row?.n ?? 0;
}

/** A host's damage claim of ₱1,500.00 with one photo, on a booking that ended yesterday. */
async function aDamageClaim() {
  const ended = await anEndedBooking();
  const photo = await uploadPhotos(ended.host);
  expectStatus(photo, 200, "Image uploaded successfully.");
  const opened = await openCase(ended.host, {
    bookingId: ended.bookingId,
    reason: "damage",
    amountAsked: 150_000,
    description: "The shelf by the door is broken and the wall is scratched.",
    photoUploadIds: [photo.body.result.uploadId],
  });
  expectStatus(opened, 200, "Your case is open. The other side has been told.");
  return { ...ended, resolution: opened.body.result };
}

describe("opening a case (POST /resol/addResolution)", () => {
  it("opens a host's deposit claim with a photo on an ended booking, and tells the renter", async () => {
    const { renter, host, bookingId, booking, resolution } = await aDamageClaim();
    expect(resolution).toMatchObject({
      bookingId,
      reason: "damage",
      state: "open",
      amountAsked: 150_000,
      award: null,
      openerSide: "host",
      mySide: "host",
      openedByMe: true,
      canWithdraw: true,
      canReply: true,
      maxAward: 150_000,
      messages: [],
    });
    expect(resolution.photos).toHaveLength(1);
    expect(resolution.photos[0]?.addedBySide).toBe("host");
    expect(booking.deposits).toBeGreaterThanOrEqual(150_000);
    expect(await noticesOf(renter.user.id, "A case was opened on your booking")).toBe(1);
    expect(await noticesOf(host.user.id, "A case was opened on your booking")).toBe(0);
    const { db } = await getDatabase();
    const lines = await db.select().from(messages).where(eq(messages.bookingId, bookingId));
    expect(lines.map((line) => line.body)).toContain(
      "Resolution case opened by the host: Damage or missing items (deposit claim), asking ₱1,500.00.",
    );
  });

  it("tells of a case that asks for no money without an amount, in the conversation and the host's notice", async () => {
    const ended = await anEndedBooking();
    const opened = await openCase(ended.renter, {
      bookingId: ended.bookingId,
      reason: "not_as_described",
      amountAsked: 0,
      description: "The space is smaller than its listing says.",
    });
    expectStatus(opened, 200);
    const { db } = await getDatabase();
    const lines = await db.select().from(messages).where(eq(messages.bookingId, ended.bookingId));
    expect(lines.map((line) => line.body)).toContain(
      "Resolution case opened by the renter: Space not as described.",
    );
    // The notice says what the e-mail says.
    const notices = await db
      .select({ body: notifications.body })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, ended.host.user.id),
          eq(notifications.title, "A case was opened on your booking"),
        ),
      );
    expect(notices).toHaveLength(1);
    expect(notices[0]?.body).toMatch(
      /: The renter opened a case\. Please answer it in the resolution center\.$/,
    );
    expect(notices[0]?.body).not.toContain("₱");
  });

  it("refuses a renter claiming their own deposit, a claim after 72 hours, too much, and a second open case", async () => {
    const ended = await anEndedBooking();
    const claim = {
      bookingId: ended.bookingId,
      reason: "damage",
      amountAsked: 100_000,
      description: "Broken.",
    };
    expectRefused(await openCase(ended.renter, claim), "reason", RENTER_DEPOSIT);
    expectRefused(
      await openCase(ended.host, { ...claim, amountAsked: ended.booking.deposits + 1 }),
      "amountAsked",
      `You can ask for at most ₱${(ended.booking.deposits / 100).toLocaleString("en-PH", { minimumFractionDigits: 2 })} on this case.`,
    );
    expect(await casesOn(ended.bookingId)).toBe(0);
    expectStatus(await openCase(ended.host, claim), 200);
    expectRefused(await openCase(ended.host, claim), "bookingId", ALREADY_OPEN, 409);
    // The renter's own complaint about the same booking is theirs to open.
    expectStatus(await openCase(ended.renter, { ...claim, reason: "not_as_described", amountAsked: 0 }), 200);
    expect(await casesOn(ended.bookingId)).toBe(2);

    const late = await anEndedBooking(4);
    const lateAnswer = await openCase(late.host, { ...claim, bookingId: late.bookingId });
    expect(lateAnswer.status).toBe(409);
    expect(lateAnswer.body.responseMessage).toContain(CLAIM_WINDOW_PASSED);
    expect(await casesOn(late.bookingId)).toBe(0);
  });

  it("refuses someone else's booking, another's photo, and bad input, changing nothing", async () => {
    const ended = await anEndedBooking();
    const stranger = await loggedInUser();
    const claim = {
      bookingId: ended.bookingId,
      reason: "damage",
      amountAsked: 100_000,
      description: "Broken.",
    };
    expectRefused(await openCase(stranger, claim), "bookingId", NOT_YOUR_BOOKING, 403);
    const theirs = await uploadPhotos(stranger);
    expectRefused(
      await openCase(ended.host, { ...claim, photoUploadIds: [theirs.body.result.uploadId] }),
      "photoUploadIds",
      NOT_YOUR_PHOTO,
      403,
    );
    expectRefused(
      await openCase(ended.host, { ...claim, description: "  " }),
      "description",
      "Please describe what happened.",
    );
    expectRefused(
      await openCase(ended.host, { ...claim, reason: "noise" }),
      "reason",
      "Please choose a reason.",
    );
    expectRefused(
      await openCase(ended.host, { ...claim, amountAsked: 12.5 }),
      "amountAsked",
      "Enter an amount of zero or more, in pesos and centavos.",
    );
    expect(await casesOn(ended.bookingId)).toBe(0);
    expectStatus(
      await openCase(ended.host, { ...claim, bookingId: "00000000-0000-4000-8000-000000000000" }),
      404,
    );
  });

  it("lets a renter complain while the booking runs, asking at most the rent they paid", async () => {
    const { renter, bookingId, booking } = await anActiveBooking();
    const rent = booking.paid - booking.refunded - booking.deposits;
    const complaint = {
      bookingId,
      reason: "access_refused",
      description: "The gate was locked all weekend.",
    };
    const tooMuch = await openCase(renter, { ...complaint, amountAsked: rent + 1 });
    expectStatus(tooMuch, 400, /^You can ask for at most ₱[\d,]+\.\d\d on this case\.$/);
    const opened = await openCase(renter, { ...complaint, amountAsked: rent });
    expectStatus(opened, 200);
    expect(opened.body.result).toMatchObject({ openerSide: "renter", maxAward: rent, state: "open" });
  });
});

describe("reading cases (GET /resol/getMyResolutionList, /resol/viewResolution)", () => {
  it("lists a case for both sides, and refuses another user's list and a stranger's look", async () => {
    const { renter, host, resolution } = await aDamageClaim();
    for (const [who, side] of [
      [host, "host"],
      [renter, "renter"],
    ] as const) {
      const list = await call<ResolutionSummary[]>(
        "GET",
        `/resol/getMyResolutionList?userId=${who.user.id}`,
        {
          cookie: who.cookie,
        },
      );
      expectStatus(list, 200);
      expect(list.body.result).toEqual([
        expect.objectContaining({ resolutionId: resolution.resolutionId, mySide: side, openerSide: "host" }),
      ]);
    }
    expectStatus(
      await call("GET", `/resol/getMyResolutionList?userId=${host.user.id}`, { cookie: renter.cookie }),
      403,
      NOT_YOUR_LIST,
    );
    const seen = await viewCase(renter, resolution.resolutionId);
    expectStatus(seen, 200);
    expect(seen.body.result).toMatchObject({ openedByMe: false, canWithdraw: false, canReply: true });
    const stranger = await loggedInUser();
    expectStatus(await viewCase(stranger, resolution.resolutionId), 403, NOT_YOUR_CASE);
    expectStatus(await viewCase(stranger, "00000000-0000-4000-8000-000000000000"), 404);
    expectStatus(await call("GET", `/resol/viewResolution?resolutionId=${resolution.resolutionId}`), 401);
  });
});

describe("the thread and withdrawal", () => {
  it("moves open → answered on the renter's first reply; the opener's own reply leaves it open", async () => {
    const { renter, host, resolution } = await aDamageClaim();
    const id = resolution.resolutionId;
    const own = await reply(host, id, "Photos of the shelf are attached.");
    expectStatus(own, 200, "Your reply was added.");
    expect(own.body.result.state).toBe("open");
    expect(await noticesOf(renter.user.id, "New reply in a resolution case")).toBe(1);
    const answered = await reply(renter, id, "The shelf was already loose when I moved in.");
    expect(answered.body.result.state).toBe("answered");
    expect(answered.body.result.messages.map((message) => [message.side, message.mine])).toEqual([
      ["host", false],
      ["renter", true],
    ]);
    const stranger = await loggedInUser();
    expectStatus(await reply(stranger, id, "Hello"), 403, NOT_YOUR_CASE);
    expectRefused(await reply(renter, id, "   "), "message", "Please write your message.");
    expect((await viewCase(host, id)).body.result.messages).toHaveLength(2);
  });

  it("is withdrawn by its opener only; a withdrawn case takes no reply and tells the other side", async () => {
    const { renter, host, resolution } = await aDamageClaim();
    const id = resolution.resolutionId;
    expectStatus(await withdraw(renter, id), 403, ONLY_OPENER_WITHDRAWS);
    const done = await withdraw(host, id);
    expectStatus(done, 200, "Your case was withdrawn.");
    expect(done.body.result).toMatchObject({ state: "withdrawn", canReply: false, canWithdraw: false });
    expect(await noticesOf(renter.user.id, "A resolution case was withdrawn")).toBe(1);
    expectStatus(await reply(renter, id, "Thanks"), 409, CASE_CLOSED);
    expectStatus(await withdraw(host, id), 409, CASE_CLOSED);
  });
});

describe("a case's photos (POST /space/imageUploadResolution)", () => {
  it("adds a photo to a case for either side, stored without its EXIF", async () => {
    const { renter, resolution } = await aDamageClaim();
    const added = await uploadPhotos(
      renter,
      { resolutionId: resolution.resolutionId, type: "resolution" },
      { bytes: exifJpeg, name: "IMG_0002.JPG", type: "image/jpeg" },
    );
    expectStatus(added, 200);
    expect(added.body.result.resolutionId).toBe(resolution.resolutionId);
    const seen = (await viewCase(renter, resolution.resolutionId)).body.result;
    expect(seen.photos.map((photo) => photo.addedBySide)).toEqual(["host", "renter"]);
    const { db } = await getDatabase();
    const [row] = await db.select().from(uploads).where(eq(uploads.id, added.body.result.uploadId));
    const stored = await getStorage().get(row?.storageKey as string);
    const bytes = Buffer.from(stored?.bytes ?? []);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("Acme"))).toBe(false);
  });

  it("refuses a wrong type, a file that is not an image, and a stranger's case, storing nothing", async () => {
    const { host, resolution } = await aDamageClaim();
    const { db } = await getDatabase();
    const before = await db.select({ n: count() }).from(uploads);
    expectRefused(await uploadPhotos(host, { type: "avatar" }), "type", INVALID_TYPE);
    expectRefused(await uploadPhotos(host, { type: "feedback" }), "type", INVALID_TYPE);
    expectRefused(
      await uploadPhotos(
        host,
        {},
        { bytes: new TextEncoder().encode("not a photo"), name: "photo.jpg", type: "image/jpeg" },
      ),
      "image",
      IMAGE_ONLY,
    );
    const stranger = await loggedInUser();
    expectStatus(await uploadPhotos(stranger, { resolutionId: resolution.resolutionId }), 403, NOT_YOUR_CASE);
    expect(await db.select({ n: count() }).from(uploads)).toEqual(before);
    const [photos] = await db
      .select({ n: count() })
      .from(resolutionPhotos)
      .where(eq(resolutionPhotos.resolutionId, resolution.resolutionId));
    expect(photos?.n).toBe(1);
  });
});

describe("deciding a case in the operator console (POST /operations/decideCase)", () => {
  it("decides through the command's service, with the audit row in the decision's transaction", async () => {
    const { host, resolution } = await aDamageClaim();
    const id = resolution.resolutionId;
    const operator = await loggedInUser({ operatorRole: "trust" });
    const state = await call<{ enrolment: { secret: string } }>("GET", "/operations/console", {
      cookie: operator.cookie,
    });
    const code = totpCode(state.body.result.enrolment.secret);
    expectStatus(await call("POST", "/operations/signIn", { cookie: operator.cookie, body: { code } }), 200);
    const queue = await call<{ id: string }[]>("GET", "/operations/cases", { cookie: operator.cookie });
    expect(queue.body.result.map((item) => item.id)).toContain(id);

    const tooMuch = await call("POST", "/operations/decideCase", {
      cookie: operator.cookie,
      body: { resolutionId: id, award: 150_001, note: "x" },
    });
    expect(tooMuch.status).toBe(400);
    const decided = await call("POST", "/operations/decideCase", {
      cookie: operator.cookie,
      body: { resolutionId: id, award: 50_000, note: "Half of the shelf." },
    });
    expectStatus(decided, 200, "The case is decided.");
    expect((await viewCase(host, id)).body.result).toMatchObject({ state: "decided", award: 50_000 });
    const { db } = await getDatabase();
    const rows = await db.select().from(auditLog).where(eq(auditLog.recordId, id));
    expect(rows).toEqual([
      expect.objectContaining({
        operatorId: operator.user.id,
        action: "resolution.decide",
        after: { state: "decided", award: 50_000 },
        note: "Half of the shelf.",
      }),
    ]);
  });
});

describe("the operator's decision (npm run ops -- resolution:decide)", () => {
  it("reads its arguments, refusing what is not a decision", () => {
    expect(decisionFromArgs(["abc", "--award", "150000", "--note", " Shelf broken "])).toEqual({
      resolutionId: "abc",
      award: 150_000,
      note: "Shelf broken",
    });
    expect(() => decisionFromArgs(["--award", "1", "--note", "x"])).toThrow("Name one case.");
    expect(() => decisionFromArgs(["a", "b", "--award", "1", "--note", "x"])).toThrow("Name one case.");
    expect(() => decisionFromArgs(["a", "--award", "1500.00", "--note", "x"])).toThrow(
      "--award is whole centavos",
    );
    expect(() => decisionFromArgs(["a", "--award", "-1", "--note", "x"])).toThrow();
    expect(() => decisionFromArgs(["a", "--award", "1"])).toThrow("--note says why");
    expect(() => decisionFromArgs(["a", "--award", "1", "--note", "x", "--pay"])).toThrow(
      "resolution:decide CASE",
    );
  });

  it("decides a holding case once, within what was asked, and tells both sides", async () => {
    const { renter, host, bookingId, resolution } = await aDamageClaim();
    const { db } = await getDatabase();
    const id = resolution.resolutionId;
    await expect(decideResolution(db, { resolutionId: "nope", award: 0, note: "x" })).rejects.toThrow(
      NO_SUCH_CASE,
    );
    await expect(
      decideResolution(db, { resolutionId: "00000000-0000-4000-8000-000000000000", award: 0, note: "x" }),
    ).rejects.toThrow(NO_SUCH_CASE);
    await expect(decideResolution(db, { resolutionId: id, award: 150_001, note: "x" })).rejects.toThrow(
      "The award can be at most ₱1,500.00 on this case.",
    );
    expect((await viewCase(host, id)).body.result.state).toBe("open");

    const line = await resolutionDecideCommand(db, [
      id,
      "--award",
      "100000",
      "--note",
      "The shelf was broken.",
    ]);
    expect(line).toBe(`case ${id} decided: ₱1,000.00 awarded to the host (asked ₱1,500.00); both sides told`);
    for (const who of [host, renter]) {
      const seen = (await viewCase(who, id)).body.result;
      expect(seen).toMatchObject({
        state: "decided",
        award: 100_000,
        decisionNote: "The shelf was broken.",
        canReply: false,
      });
      expect(seen.decidedAt).not.toBeNull();
      expect(await noticesOf(who.user.id, "A resolution case was decided")).toBe(1);
    }
    const lines = await db.select().from(messages).where(eq(messages.bookingId, bookingId));
    expect(lines.map((row) => row.body)).toContain(
      "Resolution case decided: ₱1,000.00 awarded to the host (Damage or missing items (deposit claim)).",
    );
    await expect(decideResolution(db, { resolutionId: id, award: 0, note: "again" })).rejects.toThrow(
      "This case is already decided.",
    );
  });

  it("refuses a decision without its note, with the usage, before opening any database", async () => {
    const usage = await runOps(["resolution:decide", "some-case", "--award", "100"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--note says why");
    expect(usage.stderr).toContain('npm run ops -- resolution:decide CASE --award CENTAVOS --note "why"');
  }, 60_000);

  it("runs from the shell: a bad award is refused with exit 1, a good one decides (PostgreSQL: the command's own connection)", async (context) => {
    const handle = await getDatabase();
    const url = handle.jobsConnection.connectionString;
    if (handle.kind !== "postgres" || !url) context.skip();
    const { host, resolution } = await aDamageClaim();
    const id = resolution.resolutionId;
    const refused = await runOps(
      ["resolution:decide", id, "--award", "999999999", "--note", "Too much"],
      url,
    );
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("The award can be at most ₱1,500.00 on this case.");
    const decided = await runOps(
      ["resolution:decide", id, "--award", "100000", "--note", "Shelf and wall."],
      url,
    );
    expect(decided.code, decided.stderr).toBe(0);
    expect(decided.stdout).toContain("₱1,000.00 awarded to the host");
    expect((await viewCase(host, id)).body.result).toMatchObject({ state: "decided", award: 100_000 });
  }, 120_000);
});
