import type { Message } from "./message";

/**
 * The outcome of the user's identity check (profile-persona-verification), once the provider's webhook or the trust
 * team decided it (docs/product.md, Identity checks and text messages): verified, refused with the reason, or sent to the trust team.
 */
export type IdentityUpdateData = {
  /** The recipient as they call themselves: nickname, else first name. */
  name: string;
  outcome: "passed" | "failed" | "review";
  /** Why the check was refused (the provider's words, or the trust team's); only for "failed". */
  reason: string | null;
  /** The verification page: a path on this site, and the same as an absolute link. */
  pagePath: string;
  pageLink: string;
};

const WORDS = {
  passed: {
    title: "Your identity is verified",
    text: "Your identity check passed. Your profile now shows the verified badge.",
  },
  failed: {
    title: "Your identity check did not pass",
    text: "Your identity check did not pass. Check that your ID is valid and readable, then try again.",
  },
  review: {
    title: "Your identity check is being reviewed",
    text: "Your identity check needs a closer look by our team. We will tell you as soon as it is decided.",
  },
} as const;

export function identityUpdate(data: IdentityUpdateData): Message {
  const words = WORDS[data.outcome];
  const why = data.outcome === "failed" && data.reason ? ` Reason: ${data.reason}` : "";
  return {
    subject: words.title,
    text: [
      `Hi ${data.name},`,
      "",
      `${words.text}${why}`,
      "",
      `Your verification page: ${data.pageLink}`,
      "",
      "Space Solution",
    ].join("\n"),
    notice: {
      title: words.title,
      body: `${words.text}${why}`,
      link: data.pagePath,
      // The outcome is worth a text message: it decides whether the user can be trusted with bookings.
      sms: `Space Solution: ${words.title}.`,
    },
  };
}
