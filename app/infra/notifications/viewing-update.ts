import type { Message } from "./message";

/** A viewing asked for, answered, moved, cancelled, or due tomorrow: to one of its two people. */
export type ViewingUpdateData = {
  /** The recipient as they call themselves: nickname, else first name. */
  name: string;
  spaceTitle: string;
  headline: ViewingHeadline;
  /** Who did it, as the recipient knows them ("Ria"); the reminder has no one. */
  by?: string;
  /** The times on the table, or the agreed one, in Manila time. */
  times: string[];
  /** The viewing's page: a path on this site, and the same as an absolute link for the e-mail. */
  viewingPath: string;
  viewingLink: string;
};

export type ViewingHeadline = "requested" | "proposed" | "confirmed" | "cancelled" | "reminder";

const HEADLINES: Record<ViewingHeadline, (by: string) => string> = {
  requested: (by) => `${by} asked to view your space`,
  proposed: (by) => `${by} proposed other times for the viewing`,
  confirmed: (by) => `${by} confirmed the viewing`,
  cancelled: (by) => `${by} cancelled the viewing`,
  reminder: () => "Your viewing is tomorrow",
};

export function viewingUpdate(data: ViewingUpdateData): Message {
  const headline = HEADLINES[data.headline](data.by ?? "");
  const when = data.times.join("; ");
  return {
    subject: `${headline}: ${data.spaceTitle}`,
    text: [
      `Hi ${data.name},`,
      "",
      `${headline}.`,
      "",
      `${data.spaceTitle}`,
      data.times.length > 1 ? `Times offered: ${when}` : `When: ${when}`,
      "",
      `See the viewing: ${data.viewingLink}`,
      "",
      "Space Solution",
    ].join("\n"),
    notice: {
      title: headline,
      body: `${data.spaceTitle}: ${when}`,
      link: data.viewingPath,
      sms:
        data.headline === "confirmed" || data.headline === "reminder"
          ? `Space Solution: viewing of ${data.spaceTitle}, ${data.times[0]}. Your gate pass is in the app.`
          : undefined,
    },
  };
}
