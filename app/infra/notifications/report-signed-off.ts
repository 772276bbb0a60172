import type { Message } from "./message";

/**
 * The other side of a booking signed off a condition report (docs/product.md, Deposits and condition reports; the
 * move-in / move-out checklist): to the person who wrote it. A signed-off report takes no more entries.
 */
export type ReportSignedOffData = {
  /** The recipient as they call themselves: nickname, else first name. */
  name: string;
  spaceTitle: string;
  /** "Move-in" or "Move-out". */
  stage: string;
  /** Who signed it off: "The host" or "The renter", and their name as they call themselves. */
  signer: string;
  signerName: string;
  /** The booking's move-in / move-out checklist: a path on this site, and the same as an absolute link. */
  checklistPath: string;
  checklistLink: string;
};

export function reportSignedOff(data: ReportSignedOffData): Message {
  const title = `Your ${data.stage.toLowerCase()} report was signed off`;
  const what = `${data.signer}, ${data.signerName}, signed off your ${data.stage.toLowerCase()} report. It takes no more entries.`;
  return {
    subject: `${title}: ${data.spaceTitle}`,
    text: [
      `Hi ${data.name},`,
      "",
      `${title}.`,
      "",
      data.spaceTitle,
      what,
      "",
      `See the move-in / move-out checklist: ${data.checklistLink}`,
      "",
      "Space Solution",
    ].join("\n"),
    // Nothing to do and no money moved: the bell and the e-mail, no text message.
    notice: { title, body: `${data.spaceTitle}: ${what}`, link: data.checklistPath },
  };
}
