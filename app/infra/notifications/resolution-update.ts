import type { Message } from "./message";

/**
 * A resolution case changed (docs/product.md, Resolution center): to the side who did not act — a case opened
 * against them, a reply in its thread, a withdrawal — and to both sides when an operator decides it.
 */
export type ResolutionUpdateData = {
  /** The recipient as they call themselves: nickname, else first name. */
  name: string;
  headline: ResolutionHeadline;
  spaceTitle: string;
  /** The case's reason, as people read it ("Damage or missing items (deposit claim)"). */
  reason: string;
  /** One sentence on what happened, with the amounts formatted. */
  what: string;
  /** The case's page: a path on this site, and the same as an absolute link for the e-mail. */
  casePath: string;
  caseLink: string;
};

export type ResolutionHeadline = "opened" | "replied" | "withdrawn" | "decided";

const HEADLINES: Record<ResolutionHeadline, string> = {
  opened: "A case was opened on your booking",
  replied: "New reply in a resolution case",
  withdrawn: "A resolution case was withdrawn",
  decided: "A resolution case was decided",
};

/** The changes worth a text message: someone must answer, or money was decided. */
const SMS_HEADLINES = new Set<ResolutionHeadline>(["opened", "decided"]);

export function resolutionUpdate(data: ResolutionUpdateData): Message {
  const headline = HEADLINES[data.headline];
  return {
    subject: `${headline}: ${data.spaceTitle}`,
    text: [
      `Hi ${data.name},`,
      "",
      `${headline}.`,
      "",
      `${data.spaceTitle}: ${data.reason}`,
      data.what,
      "",
      `See the case: ${data.caseLink}`,
      "",
      "Space Solution",
    ].join("\n"),
    notice: {
      title: headline,
      body: `${data.spaceTitle}: ${data.what}`,
      link: data.casePath,
      sms: SMS_HEADLINES.has(data.headline)
        ? `Space Solution: ${headline.toLowerCase()} (${data.spaceTitle}). Details in the app.`
        : undefined,
    },
  };
}
