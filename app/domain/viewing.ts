/**
 * The viewing of a space as a state machine (docs/product.md, Conversations and viewings; ADR 0026), like the booking's
 * (./booking.ts): a renter asks with up to 3 times, the side that did not offer them confirms one or proposes others,
 * either side reschedules or cancels. Each event answers the changes to save and the news to tell, or refuses with a
 * {@link DomainError}; saving them (once, against the viewing's version) is the service's part. Pure: the time and
 * the gate pass number are inputs.
 */

import { checkSlots, type Slot } from "./conversation";
import { DomainError } from "./errors";

export type ViewingState = "requested" | "confirmed" | "cancelled";
/** The renter who asked, or the host of the space. */
export type ViewingSide = "renter" | "host";

export const VIEWING_MESSAGES = {
  notYourTurn: "The other side has to answer these times.",
  notOffered: "Please choose one of the times offered.",
  cancelled: "This viewing was cancelled.",
  past: "This viewing has already taken place.",
} as const;

export interface Viewing {
  state: ViewingState;
  /** The side whose times are on the table; the other side answers them. */
  proposedBy: ViewingSide;
  slots: Slot[];
  confirmedStart: Date | null;
  confirmedEnd: Date | null;
  passNumber: string | null;
}

export type ViewingEvent =
  /** The answering side takes one of the times offered (`slot`: its start); the gate pass is issued. */
  | { type: "confirm"; by: ViewingSide; slot: string; passNumber: string }
  /** The answering side offers other times instead (as given: up to 3, in the next 14 days). */
  | { type: "propose"; by: ViewingSide; slots: readonly string[] }
  /** Either side offers new times, for the other to answer; a confirmed viewing's pass is withdrawn. */
  | { type: "reschedule"; by: ViewingSide; slots: readonly string[] }
  | { type: "cancel"; by: ViewingSide };

export type ViewingTransition = {
  changes: Partial<Viewing>;
  /** What the other side is told, and the times it is about. */
  news: { headline: "confirmed" | "proposed" | "cancelled"; slots: Slot[] };
};

/** The confirmed time of a viewing, if it has one. */
export function confirmedSlotOf(viewing: Viewing): Slot | null {
  return viewing.confirmedStart && viewing.confirmedEnd
    ? { start: viewing.confirmedStart.toISOString(), end: viewing.confirmedEnd.toISOString() }
    : null;
}

/** Applies `event` to `viewing` at `now`: the changes and the news, or a refusal. */
export function applyViewingEvent(viewing: Viewing, event: ViewingEvent, now: Date): ViewingTransition {
  if (viewing.state === "cancelled") throw new DomainError("conflict", VIEWING_MESSAGES.cancelled);
  switch (event.type) {
    case "confirm": {
      assertTurn(viewing, event.by);
      const chosen = viewing.slots.find(
        (slot) =>
          slot.start === event.slot || new Date(slot.start).getTime() === new Date(event.slot).getTime(),
      );
      if (!chosen) throw new DomainError("invalid", VIEWING_MESSAGES.notOffered, "slot");
      if (new Date(chosen.start) <= now) throw new DomainError("invalid", VIEWING_MESSAGES.past, "slot");
      return {
        changes: {
          state: "confirmed",
          confirmedStart: new Date(chosen.start),
          confirmedEnd: new Date(chosen.end),
          passNumber: event.passNumber,
        },
        news: { headline: "confirmed", slots: [chosen] },
      };
    }
    case "propose": {
      assertTurn(viewing, event.by);
      const slots = checkSlots(event.slots, now);
      return { changes: { slots, proposedBy: event.by }, news: { headline: "proposed", slots } };
    }
    case "reschedule": {
      assertNotPast(viewing, now);
      const slots = checkSlots(event.slots, now);
      return {
        changes: {
          state: "requested",
          slots,
          proposedBy: event.by,
          confirmedStart: null,
          confirmedEnd: null,
          passNumber: null,
        },
        news: { headline: "proposed", slots },
      };
    }
    case "cancel": {
      assertNotPast(viewing, now);
      const confirmed = confirmedSlotOf(viewing);
      return {
        changes: { state: "cancelled" },
        news: { headline: "cancelled", slots: confirmed ? [confirmed] : viewing.slots },
      };
    }
  }
}

/** Times on the table are answered by the side that did not offer them. */
function assertTurn(viewing: Viewing, by: ViewingSide): void {
  if (viewing.state !== "requested" || viewing.proposedBy === by)
    throw new DomainError("conflict", VIEWING_MESSAGES.notYourTurn);
}

/** A confirmed viewing whose time is over is not changed any more. */
function assertNotPast(viewing: Viewing, now: Date): void {
  if (viewing.state === "confirmed" && viewing.confirmedEnd && viewing.confirmedEnd <= now)
    throw new DomainError("conflict", VIEWING_MESSAGES.past);
}
