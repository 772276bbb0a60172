import { describe, expect, it } from "vitest";
import { CONTACTS_HIDDEN_NOTE, HIDDEN, maskContactDetails, maskConversation } from "./contact-masking";

const mask = (text: string) => maskContactDetails(text, false);

describe("contact details are masked until an approved booking", () => {
  it.each([
    // Phone numbers, as written and disguised
    ["Call 09171234567", `Call ${HIDDEN}`],
    ["Call +63 917 123 4567 tonight", `Call ${HIDDEN} tonight`],
    ["Landline (02) 8812-3456", `Landline ${HIDDEN}`],
    ["Text 0917-123-4567 po", `Text ${HIDDEN} po`],
    ["Text 0917/123/4567", `Text ${HIDDEN}`],
    ["Text 0917_123_4567", `Text ${HIDDEN}`],
    ["Text 0917,123,4567", `Text ${HIDDEN}`],
    ["Text 0917.123.4567", `Text ${HIDDEN}`],
    ["Text 0917:123:4567", `Text ${HIDDEN}`],
    ["Text 0917, 123, 4567", `Text ${HIDDEN}`],
    ["Text 0917 - 123 - 4567", `Text ${HIDDEN}`],
    ["Text 0 9 1 7 1 2 3 4 5 6 7", `Text ${HIDDEN}`],
    ["Text 0917.12.34.567", `Text ${HIDDEN}`],
    ["Text 0917\u200B123\u200B4567", `Text ${HIDDEN}`],
    ["Text ０９１７ １２３ ４５６７", `Text ${HIDDEN}`],
    ["Text ٠٩١٧١٢٣٤٥٦٧", `Text ${HIDDEN}`],
    ["Text ۰۹۱۷۱۲۳۴۵۶۷", `Text ${HIDDEN}`],
    ["Text ०९१७१२३४५६७", `Text ${HIDDEN}`],
    ["Text 0917–123–4567", `Text ${HIDDEN}`],
    ["GCash ₱09171234567", `GCash ₱${HIDDEN}`],
    ["viber: 09171234567", `viber: ${HIDDEN}`],
    // E-mail addresses
    ["Mail ria.santos+space@gmail.com please", `Mail ${HIDDEN} please`],
    ["Mail juan at gmail dot com", `Mail ${HIDDEN}`],
    ["Mail juan (at) gmail (dot) com", `Mail ${HIDDEN}`],
    ["Mail juan[at]yahoo[dot]com[dot]ph", `Mail ${HIDDEN}`],
    ["Mail juan dot cruz AT gmail DOT com", `Mail ${HIDDEN}`],
    ["Mail juan @ gmail . com", `Mail ${HIDDEN}`],
    ["Mail juan@gmail", `Mail ${HIDDEN}`],
    ["Mail juan at gmail", `Mail ${HIDDEN}`],
    ["Mail juan＠gmail．com", `Mail ${HIDDEN}`],
    ["Mail juan@gmail。com", `Mail ${HIDDEN}`],
    // Links
    ["See https://example.com/photos?id=1", `See ${HIDDEN}`],
    ["See www.example.ph.", `See ${HIDDEN}.`],
    ["Find me on myshop.ph/ria", `Find me on ${HIDDEN}`],
    ["Find me on juandelacruz dot com", `Find me on ${HIDDEN}`],
    ["Chat wa.me/639171234567", `Chat ${HIDDEN}`],
    ["See facebook.com/juan.delacruz88", `See ${HIDDEN}`],
    // Social handles
    ["facebook: juan.delacruz88", `facebook: ${HIDDEN}`],
    ["Add me on FB: Juan Dela Cruz please", `Add me on FB: ${HIDDEN} please`],
    ["my ig is juan_dc", `my ig is ${HIDDEN}`],
    ["IG @juan.dc", `IG ${HIDDEN}`],
    ["telegram @juandc", `telegram ${HIDDEN}`],
    ["Follow @juan.delacruz88", `Follow ${HIDDEN}`],
    ["facebook juan.delacruz88", `facebook ${HIDDEN}`],
    // Several in one message: mostly the words, not the marker
    [
      "Call 0917 123 4567 or mail juan@gmail.com or fb: juan.dc",
      `Call ${HIDDEN} or mail ${HIDDEN} or fb: ${HIDDEN}`,
    ],
  ])("masks %j", (text, masked) => {
    expect(mask(text)).toBe(masked);
  });

  it.each([
    "The room is 3 x 2 m, ₱3,000 a month, free from 12/01. Unit 4B, 2nd floor.",
    "₱3,000 to ₱5,000 a month; 3,000-5,000 is fine; P3000 or PHP 1,500.00 or 2,500 pesos",
    "The deposit is ₱1,500,000.00 for the whole warehouse",
    "From 2026-12-01 to 2027-01-31, or 2026/12/01 - 2026/12/31",
    "From 01/12/2026 to 31/12/2026, or 12/01 - 12/31",
    "December 1-31, 2026; Dec 1 to Jan 15 2027; 1 Dec 2026 - 15 Jan 2027; the 15th of May",
    "Dec 1-31 2026 works for me",
    "The school year 2026-2027",
    "Viewing at 10:00 AM - 11:00 AM, or 9.30 am, or 14:00-15:00",
    "It is 10 sqm, 100 sq ft, 2.5 x 3.5 x 2 m, 35 cbm, 12 pallets, 3 units of 10 sqm",
    "Units 12, 14, 15 and 18, slots 101, 102, 103",
    "I need 2 units for 3 months, maybe 6 months",
    "See you at the gate at 3 pm; I am at home now. Come by the office.",
    "I saw it on facebook and instagram, message me here on Space Solution.",
    "Booking December 1, 2026 to December 31, 2026: Paid ₱3,000.00; the host has until December 3, 2026 at 10:00 AM to answer.",
    "Ria asked to view the space: Tue, Dec 1, 10:00 AM – 11:00 AM; Wed, Dec 2, 3:00 PM – 4:00 PM.",
    "Declined by the host: the dates are taken (2026-12-01 to 2026-12-31).",
    "Email and phone numbers come after the booking is approved.",
    "4521 Chino Roces Avenue, 1229 Makati",
  ])("leaves %j as written", (text) => {
    expect(mask(text)).toBe(text);
  });

  it("shows everything verbatim once the two have an approved booking", () => {
    const text = "Call 09171234567 or ria@example.com, fb: juan.dc";
    expect(maskContactDetails(text, true)).toBe(text);
  });

  it("keeps the marker short: a message with three details is mostly the message", () => {
    const text = "Hi! Call 0917 123 4567, mail juan@gmail.com or see fb: juan.dc — thanks";
    const masked = mask(text);
    expect(masked.split(HIDDEN)).toHaveLength(4);
    expect(masked.length).toBeLessThan(text.length);
    expect(CONTACTS_HIDDEN_NOTE).toContain(HIDDEN);
  });
});

describe("a number split over consecutive messages of one sender", () => {
  const renter = "renter";
  const host = "host";
  const text = (senderId: string, body: string) => ({ senderId, kind: "text" as const, text: body });

  it("is masked in each of its messages", () => {
    const said = [text(renter, "Call me at 0917 123"), text(renter, "4567 after 5")];
    expect(maskConversation(said, false)).toEqual([`Call me at ${HIDDEN}`, `${HIDDEN} after 5`]);
    const oneByOne = ["0917", "123", "4567"].map((body) => text(renter, body));
    expect(maskConversation(oneByOne, false)).toEqual([HIDDEN, HIDDEN, HIDDEN]);
  });

  it("is read across the system's lines, but not across the other person's messages", () => {
    const system = { senderId: null, kind: "system" as const, text: "Ria asked to view the space." };
    expect(maskConversation([text(renter, "0917 123"), system, text(renter, "4567")], false)).toEqual([
      HIDDEN,
      system.text,
      HIDDEN,
    ]);
    const answered = [text(renter, "I need 2 units, 123"), text(host, "4567 sqm?")];
    expect(maskConversation(answered, false)).toEqual(answered.map((message) => message.text));
  });

  it("leaves ordinary messages alone and shows all verbatim once revealed", () => {
    const said = [text(renter, "Is it free from 2026-12-01?"), text(renter, "For 3 months, 2 pallets")];
    expect(maskConversation(said, false)).toEqual(said.map((message) => message.text));
    const split = [text(renter, "0917 123"), text(renter, "4567")];
    expect(maskConversation(split, true)).toEqual(["0917 123", "4567"]);
  });
});
