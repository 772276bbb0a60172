import type { Message } from "./message";

/** A monthly bill issued, due today or overdue: to the renter who pays it. */
export type BillUpdateData = {
  /** The recipient as they call themselves: nickname, else first name. */
  name: string;
  spaceTitle: string;
  /** The booking's number, "SS-000123". */
  bookingNumber: string;
  headline: BillHeadline;
  /** The bill's total, formatted ("₱3,150.00"). */
  amount: string;
  /** Its due date and period, formatted in Manila dates. */
  dueOn: string;
  period: string;
  /** The bill's summary page: a path on this site, and the same as an absolute link for the e-mail. */
  billPath: string;
  billLink: string;
};

export type BillHeadline = "issued" | "due_today" | "overdue";

const HEADLINES: Record<BillHeadline, string> = {
  issued: "Your next monthly bill is ready",
  due_today: "Your monthly bill is due today",
  overdue: "Your monthly bill is overdue",
};

export function billUpdate(data: BillUpdateData): Message {
  const headline = HEADLINES[data.headline];
  const what = `${data.amount} for ${data.period}, due on ${data.dueOn}`;
  return {
    subject: `${headline}: ${data.spaceTitle}`,
    text: [
      `Hi ${data.name},`,
      "",
      `${headline}.`,
      "",
      `${data.spaceTitle} (booking ${data.bookingNumber})`,
      `${what}.`,
      data.headline === "overdue"
        ? "A bill 7 days overdue lets the host end the booking. Please pay it soon."
        : "You can pay by card, GCash or Maya.",
      "",
      `Pay the bill: ${data.billLink}`,
      "",
      "Space Solution",
    ].join("\n"),
    notice: {
      title: headline,
      body: `${data.spaceTitle}: ${what}`,
      link: data.billPath,
      sms:
        data.headline === "issued"
          ? undefined
          : `Space Solution: ${headline.toLowerCase()} (${data.amount}, ${data.spaceTitle}). Pay it in the app.`,
    },
  };
}
