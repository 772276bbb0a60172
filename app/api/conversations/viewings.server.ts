import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, or } from "drizzle-orm";
import { z } from "zod/v4";
import {
  type ChatPerson,
  contactsRevealed,
  openConversation,
  person,
  postMessage,
  type Side,
} from "~/core/conversation-service.server";
import { scheduleReminder } from "~/core/viewing-reminders.server";
import type { Database } from "~/db/client.server";
import { cities, conversations, spaces, users, type ViewingRow, viewings } from "~/db/schema";
import { maskContactDetails } from "~/domain/contact-masking";
import {
  checkSlots,
  formatSlot,
  gatePassValidAt,
  makePassNumber,
  SLOT_INVALID,
  SLOTS_REQUIRED,
  type Slot,
} from "~/domain/conversation";
import { displayName } from "~/domain/display-name";
import { DomainError } from "~/domain/errors";
import { applyViewingEvent, confirmedSlotOf, type ViewingEvent } from "~/domain/viewing";
import { siteOrigin } from "~/env.server";
import { publishChanges } from "~/infra/live.server";
import type { ViewingHeadline } from "~/infra/notifications/viewing-update";
import { notify } from "~/infra/notify.server";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";
import { viewingPath } from "~/utils/site-paths";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { LIMITS, takeRate } from "../rate-limit.server";
import { findActiveSpace, spaceId } from "../space/listing-page-queries.server";

/**
 * Viewings (docs/product.md, Conversations and viewings; ADR 0026): a renter asks with up to 3 times in the next 14
 * days, the other side confirms one or proposes others, either side reschedules or cancels. A confirmed viewing has
 * a gate pass (its number, the hour, the exact address), valid only in its window. Every step is a line in the
 * conversation and a notification to the other side; a reminder goes out the day before.
 */

export const VIEWING_NOT_FOUND = "This viewing was not found.";
const OWN_SPACE = "This is your own space: you can visit it any time.";
const ALREADY_OPEN = "You already have a viewing of this space: change that one instead.";
const CHANGED = "This viewing has just changed: please look at it again.";

const viewingId = z.uuid({ error: VIEWING_NOT_FOUND });
/** Slots as a form sends them (repeated `slots` fields) or as a JSON array. */
const slotsField = z.preprocess(
  (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
  z.array(z.string({ error: SLOT_INVALID }), { error: SLOTS_REQUIRED }),
);
const note = z
  .string()
  .trim()
  .max(500, "A note can be at most 500 characters.")
  .optional()
  .transform((value) => value || undefined);

export function gatePassPath(id: string): string {
  return `/messages/viewings/${id}/pass`;
}

export type ViewingView = {
  viewingId: string;
  conversationId: string;
  spaceId: string;
  spaceTitle: string;
  state: ViewingRow["state"];
  role: Side;
  other: ChatPerson;
  slots: (Slot & { label: string })[];
  proposedBy: Side;
  /** Whether the caller is the one to answer the times on the table. */
  canAnswer: boolean;
  /** The renter's note for the host: contact details masked until the two have an approved booking. */
  note: string | null;
  contactsRevealed: boolean;
  confirmed: (Slot & { label: string }) | null;
  /** The gate pass, once confirmed: its number, the exact address, and whether it lets one in now. */
  pass: { passNumber: string; address: string; validNow: boolean; path: string } | null;
  createdAt: string;
  updatedAt: string;
};

function labelled(slot: Slot) {
  return { ...slot, label: formatSlot(slot) };
}

async function viewingOf(db: Database, id: string, userId: string): Promise<{ row: ViewingRow; side: Side }> {
  const [row] = await db.select().from(viewings).where(eq(viewings.id, id));
  if (!row || (row.renterId !== userId && row.hostId !== userId)) throw new ApiError(404, VIEWING_NOT_FOUND);
  return { row, side: row.renterId === userId ? "renter" : "host" };
}

async function toView(db: Database, row: ViewingRow, side: Side, now = new Date()): Promise<ViewingView> {
  const otherId = side === "renter" ? row.hostId : row.renterId;
  const [[other], [space], revealed] = await Promise.all([
    db.select().from(users).where(eq(users.id, otherId)),
    db
      .select({ space: spaces, cityName: cities.name })
      .from(spaces)
      .leftJoin(cities, eq(cities.id, spaces.cityId))
      .where(eq(spaces.id, row.spaceId)),
    contactsRevealed(db, row.renterId, row.hostId),
  ]);
  const confirmed = confirmedSlotOf(row);
  const address = space
    ? [
        space.space.addressLine1,
        space.space.addressLine2,
        space.space.barangay,
        space.cityName,
        space.space.province,
      ]
        .filter(Boolean)
        .join(", ")
    : "";
  return {
    viewingId: row.id,
    conversationId: row.conversationId,
    spaceId: row.spaceId,
    spaceTitle: space?.space.spaceTitle ?? "A space",
    state: row.state,
    role: side,
    other: other ? person(other) : { userId: otherId, name: "", profilePic: DEFAULT_PROFILE_PHOTO },
    slots: row.slots.map(labelled),
    proposedBy: row.proposedBy,
    canAnswer: row.state === "requested" && row.proposedBy !== side,
    note: row.note === null ? null : maskContactDetails(row.note, revealed),
    contactsRevealed: revealed,
    confirmed: confirmed ? labelled(confirmed) : null,
    pass:
      row.state === "confirmed" && confirmed && row.passNumber
        ? {
            passNumber: row.passNumber,
            address,
            validNow: gatePassValidAt(
              { start: new Date(confirmed.start), end: new Date(confirmed.end) },
              now,
            ),
            path: gatePassPath(row.id),
          }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A step of a viewing: its line in the conversation, and the other side told. */
async function announce(db: Database, row: ViewingRow, by: Side, headline: ViewingHeadline, times: Slot[]) {
  const people = await db
    .select()
    .from(users)
    .where(inArray(users.id, [row.renterId, row.hostId]));
  const [space] = await db
    .select({ spaceTitle: spaces.spaceTitle })
    .from(spaces)
    .where(eq(spaces.id, row.spaceId));
  const actor = people.find((p) => p.id === (by === "renter" ? row.renterId : row.hostId));
  const recipient = people.find((p) => p.id === (by === "renter" ? row.hostId : row.renterId));
  const byName = actor ? displayName(actor) : "";
  const labels = times.map(formatSlot);
  const lines: Record<ViewingHeadline, string> = {
    requested: `${byName} asked to view the space: ${labels.join("; ")}.`,
    proposed: `${byName} proposed other times: ${labels.join("; ")}.`,
    confirmed: `${byName} confirmed the viewing: ${labels[0]}.`,
    cancelled: `${byName} cancelled the viewing.`,
    reminder: "",
  };
  const [conversation] = await db
    .select()
    .from(conversations)
    .where(eq(conversations.id, row.conversationId));
  if (conversation)
    await postMessage(db, conversation, {
      senderId: null,
      kind: "system",
      body: lines[headline],
      viewingId: row.id,
    });
  await publishChanges([
    { userId: row.renterId, topic: "viewings" },
    { userId: row.hostId, topic: "viewings" },
  ]);
  if (!recipient) return;
  await notify({
    userId: recipient.id,
    kind: "viewingUpdate",
    data: {
      name: displayName(recipient),
      spaceTitle: space?.spaceTitle ?? "a space",
      headline,
      by: byName,
      times: labels,
      viewingPath: viewingPath(row.id),
      viewingLink: new URL(viewingPath(row.id), siteOrigin()).href,
    },
  });
}

// ─── Calls ──────────────────────────────────────────────────────────────────────────────────────────────────────────

export const requestViewing = defineEndpoint({
  method: "POST",
  path: "/bookView/requestViewing",
  auth: "required",
  answers: [404, 409, 429],
  summary:
    "A renter asks to view an active listing: 1 to 3 times (`slots`, Manila `YYYY-MM-DDTHH:mm` or ISO instants) " +
    "in the next 14 days, an hour each, and an optional note. One open viewing per renter and space; limited per user.",
  tags: ["viewings"],
  message: "Your viewing request has been sent to the host.",
  body: z.strictObject({ spaceId, slots: slotsField, note }),
  async handler({ db, user, body }): Promise<ViewingView> {
    const space = await findActiveSpace(db, body.spaceId);
    if (space.hostId === user.id) throw new ApiError(400, OWN_SPACE);
    const slots = checkSlots(body.slots);
    const [open] = await db
      .select({ id: viewings.id, state: viewings.state, end: viewings.confirmedEnd })
      .from(viewings)
      .where(
        and(
          eq(viewings.spaceId, space.id),
          eq(viewings.renterId, user.id),
          or(eq(viewings.state, "requested"), eq(viewings.state, "confirmed")),
        ),
      )
      .orderBy(desc(viewings.createdAt))
      .limit(1);
    if (open && (open.state === "requested" || (open.end && open.end > new Date())))
      throw new ApiError(409, ALREADY_OPEN, { viewingId: open.id });
    await takeRate(db, [{ limit: LIMITS.viewingRequestsPerUser, value: user.id }]);
    const conversation = await openConversation(db, space, user.id);
    const [row] = await db
      .insert(viewings)
      .values({
        conversationId: conversation.id,
        spaceId: space.id,
        renterId: user.id,
        hostId: space.hostId,
        slots,
        proposedBy: "renter",
        note: body.note ?? null,
      })
      .returning();
    if (!row) throw new Error("the viewing was not stored");
    await announce(db, row, "renter", "requested", slots);
    return toView(db, row, "renter");
  },
});

/**
 * Applies `event` to the viewing `row` by the viewing machine (app/domain/viewing.ts) and saves its changes once,
 * against the version read: a change made meanwhile by the other side refuses this one ({@link CHANGED}).
 */
async function applyViewingChange(db: Database, row: ViewingRow, event: ViewingEvent) {
  const { changes, news } = applyViewingEvent(row, event, new Date());
  const [updated] = await db
    .update(viewings)
    .set({ ...changes, updatedAt: new Date(), version: row.version + 1 })
    .where(and(eq(viewings.id, row.id), eq(viewings.version, row.version)))
    .returning();
  if (!updated) throw new DomainError("conflict", CHANGED);
  return { updated, news };
}

export const bookViewing = defineEndpoint({
  method: "POST",
  path: "/bookView/BookViewing",
  auth: "required",
  answers: [404, 409],
  summary:
    "Answers the times on the table (the side that did not offer them, usually the host): confirm one (`slot`: its " +
    "start) and the gate pass is issued, or propose others (`slots`, up to 3 in the next 14 days).",
  tags: ["viewings"],
  message: "The viewing has been updated.",
  body: z.strictObject({ viewingId, slot: z.string().optional(), slots: slotsField }),
  async handler({ db, user, body }): Promise<ViewingView> {
    const { row, side } = await viewingOf(db, body.viewingId, user.id);
    const event: ViewingEvent = body.slot
      ? { type: "confirm", by: side, slot: body.slot, passNumber: makePassNumber(randomBytes) }
      : { type: "propose", by: side, slots: body.slots };
    const { updated, news } = await applyViewingChange(db, row, event);
    if (updated.state === "confirmed") await scheduleReminder(updated);
    await announce(db, updated, side, news.headline, news.slots);
    return toView(db, updated, side);
  },
});

export const editbookView = defineEndpoint({
  method: "PUT",
  path: "/bookView/editbookView",
  auth: "required",
  answers: [404, 409],
  summary:
    "Either side changes a viewing: `action` reschedule (new `slots`, up to 3 in the next 14 days, for the other " +
    "side to answer; a confirmed viewing's pass is withdrawn) or cancel.",
  tags: ["viewings"],
  message: "The viewing has been updated.",
  query: z.strictObject({ viewingId }),
  body: z.strictObject({
    action: z.enum(["reschedule", "cancel"], { error: "Please choose to reschedule or cancel." }),
    slots: slotsField,
  }),
  async handler({ db, user, query, body }): Promise<ViewingView> {
    const { row, side } = await viewingOf(db, query.viewingId, user.id);
    const event: ViewingEvent =
      body.action === "cancel"
        ? { type: "cancel", by: side }
        : { type: "reschedule", by: side, slots: body.slots };
    const { updated, news } = await applyViewingChange(db, row, event);
    await announce(db, updated, side, news.headline, news.slots);
    return toView(db, updated, side);
  },
});

export const viewing = defineEndpoint({
  method: "GET",
  path: "/bookView/viewing",
  auth: "required",
  answers: [404],
  summary:
    "One viewing, to its two people: the times, whose turn it is, and once confirmed the gate pass (number, exact " +
    "address, whether it is valid now).",
  tags: ["viewings"],
  query: z.strictObject({ viewingId }),
  async handler({ db, user, query }): Promise<ViewingView> {
    const { row, side } = await viewingOf(db, query.viewingId, user.id);
    return toView(db, row, side);
  },
});

export const myViewings = defineEndpoint({
  method: "GET",
  path: "/bookView/myViewings",
  auth: "required",
  summary: "The caller's viewings as renter and as host, latest change first (the check-list's first tab).",
  tags: ["viewings"],
  async handler({ db, user }): Promise<ViewingView[]> {
    const rows = await db
      .select()
      .from(viewings)
      .where(or(eq(viewings.renterId, user.id), eq(viewings.hostId, user.id)))
      .orderBy(desc(viewings.updatedAt))
      .limit(100);
    return Promise.all(rows.map((row) => toView(db, row, row.renterId === user.id ? "renter" : "host")));
  },
});

export const endpoints: Endpoint[] = [requestViewing, bookViewing, editbookView, viewing, myViewings];
