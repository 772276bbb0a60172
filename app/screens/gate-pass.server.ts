import ical, { ICalCalendarMethod } from "ical-generator";
import { renderSVG } from "uqr";
import type { ViewingView } from "~/api/conversations/viewings.server";

/**
 * The gate pass of a confirmed viewing (docs/product.md, Conversations and viewings; ADR 0026): a QR code drawn here as
 * SVG (uqr: no external service, no canvas) that opens the pass's own page, and the viewing as an iCalendar file
 * (ical-generator) for the phone's calendar.
 */
export function passQrSvg(passUrl: string): string {
  return renderSVG(passUrl, { ecc: "M", border: 2 });
}

export function viewingCalendar(viewing: ViewingView, passUrl: string): string {
  const pass = viewing.pass;
  const window = viewing.confirmed;
  if (!pass || !window) throw new Error("only a confirmed viewing has a calendar file");
  const calendar = ical({
    name: "Space Solution viewing",
    prodId: { company: "Space Solution", product: "viewings", language: "EN" },
    method: ICalCalendarMethod.PUBLISH,
  });
  calendar.createEvent({
    id: `${viewing.viewingId}@spacesolution.ph`,
    start: new Date(window.start),
    end: new Date(window.end),
    summary: `Viewing: ${viewing.spaceTitle}`,
    location: pass.address,
    description: `Gate pass ${pass.passNumber}. Show it at the gate: ${passUrl}`,
    url: passUrl,
    // Written as UTC instants (…Z), which every calendar shows in its own zone: ical-generator writes a Date under
    // a TZID in the server's zone (UTC), so "TZID=Asia/Manila" would move a 10:00 AM visit to 02:00.
  });
  return calendar.toString();
}
