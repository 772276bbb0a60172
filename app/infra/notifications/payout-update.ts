import type { Message } from "./message";

/** To a host: rent is waiting for a payout method, or a payout was sent. */
export type PayoutUpdateData = {
  /** The recipient as they call themselves: nickname, else first name. */
  name: string;
  headline: PayoutHeadline;
  /** Formatted ("₱3,000.00"): what waits for a method, or what was paid out. */
  amount: string;
  /** A paid payout's transfer reference and where it went ("GCash •••• 4567"); empty while waiting for a method. */
  reference: string;
  sentTo: string;
  /** The page to act on: the payout settings, or the earnings tab; a path, and the same as an absolute link. */
  path: string;
  link: string;
};

export type PayoutHeadline = "method_missing" | "paid";

const HEADLINES: Record<PayoutHeadline, string> = {
  method_missing: "Add a payout method to get your earnings",
  paid: "Your payout was sent",
};

export function payoutUpdate(data: PayoutUpdateData): Message {
  const headline = HEADLINES[data.headline];
  const what =
    data.headline === "paid"
      ? `${data.amount} was sent to ${data.sentTo}, reference ${data.reference}.`
      : `${data.amount} of rent you earned is waiting. Payouts go out every Monday to hosts with a bank account, GCash or Paymaya number.`;
  return {
    subject: headline,
    text: [
      `Hi ${data.name},`,
      "",
      what,
      "",
      data.headline === "paid" ? `See your earnings: ${data.link}` : `Add your payout method: ${data.link}`,
      "",
      "Space Solution",
    ].join("\n"),
    notice: {
      title: headline,
      body: what,
      link: data.path,
      // At most 160 characters: the amount and a reference of at most 40 (the operators' limit) fit.
      sms:
        data.headline === "paid"
          ? `Space Solution: your payout of ${data.amount} was sent, reference ${data.reference}. See it in the app.`
          : undefined,
    },
  };
}
