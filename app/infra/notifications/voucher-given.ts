import type { Message } from "./message";

/** A referral voucher given: to each side, the renter who booked and the friend whose code they used. */
export type VoucherGivenData = {
  /** The holder as they call themselves: nickname, else first name. */
  name: string;
  /** "friend": the holder signed up with a friend's code; "referrer": a friend signed up with the holder's. */
  side: "friend" | "referrer";
  code: string;
  /** The voucher's value and last day, formatted ("₱250.00", "December 9, 2027"). */
  amount: string;
  expiresOn: string;
  /** The invite-a-friend page, where the holder's vouchers are listed: a path, and the same as an absolute link. */
  walletPath: string;
  walletLink: string;
};

export function voucherGiven(data: VoucherGivenData): Message {
  const why =
    data.side === "referrer"
      ? "A friend who signed up with your referral code has had their first booking for 30 days, or finished it."
      : "Your first booking has run for 30 days, or finished, and you signed up with a friend's referral code.";
  return {
    subject: "You have a referral voucher",
    text: [
      `Hi ${data.name},`,
      "",
      why,
      `Here is your voucher: ${data.code}, ${data.amount} off your next booking, until ${data.expiresOn}.`,
      "Enter its code when you pay for a booking.",
      "",
      `Your vouchers: ${data.walletLink}`,
      "",
      "Space Solution",
    ].join("\n"),
    notice: {
      title: `You have a ${data.amount} voucher`,
      body: `${why} Code ${data.code}, until ${data.expiresOn}.`,
      link: data.walletPath,
    },
  };
}
