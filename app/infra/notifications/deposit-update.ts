import type { Message } from "./message";

/**
 * A booking's deposit was settled (docs/product.md, Deposits and condition reports: released to the renter when the
 * host confirms the move-out checklist or lets 72 hours pass, or split by an operator's decision on a claim): to the
 * renter, how much comes back, and to the host, how much was awarded to them. Amounts come formatted ("₱3,000.00").
 */
export type DepositUpdateData = {
  /** The recipient as they call themselves: nickname, else first name. */
  name: string;
  role: "renter" | "host";
  spaceTitle: string;
  /** The whole deposit, what goes back to the renter, and what the host was awarded. */
  deposit: string;
  toRenter: string;
  toHost: string;
  /** Whether any of it was awarded to the host, and whether any goes back to the renter. */
  awarded: boolean;
  backToRenter: boolean;
  /** The part a voucher paid, which goes back to Space Solution rather than the renter; empty when none. */
  voucherPart: string;
  /** Why it was settled, as the deposit's row keeps it ("The host confirmed the move-out checklist."). */
  reason: string;
  /** The booking's move-in / move-out checklist: a path on this site, and the same as an absolute link. */
  checklistPath: string;
  checklistLink: string;
};

function headline(data: DepositUpdateData): string {
  if (data.role === "renter") return data.awarded ? "Your deposit was settled" : "Your deposit was released";
  return data.awarded ? "You were awarded from a renter's deposit" : "A renter's deposit was released";
}

function what(data: DepositUpdateData): string {
  const voucher = data.voucherPart
    ? ` The ${data.voucherPart} a voucher paid goes back to Space Solution.`
    : "";
  if (data.role === "renter") {
    if (!data.backToRenter) return `All of your ${data.deposit} deposit was awarded to the host.${voucher}`;
    const refunded = "It is refunded the way you paid.";
    if (data.awarded)
      return `${data.toHost} of your ${data.deposit} deposit was awarded to the host; ${data.toRenter} goes back to you.${voucher} ${refunded}`;
    return data.voucherPart
      ? `${data.toRenter} of your ${data.deposit} deposit goes back to you.${voucher} ${refunded}`
      : `Your ${data.deposit} deposit goes back to you in full. ${refunded}`;
  }
  if (!data.awarded) return `The renter's ${data.deposit} deposit goes back to them.`;
  return data.backToRenter
    ? `${data.toHost} of the renter's ${data.deposit} deposit was awarded to you and comes with your next payout; ${data.toRenter} goes back to the renter.`
    : `${data.toHost} of the renter's ${data.deposit} deposit was awarded to you and comes with your next payout.`;
}

export function depositUpdate(data: DepositUpdateData): Message {
  const title = headline(data);
  const body = `${what(data)} ${data.reason}`;
  return {
    subject: `${title}: ${data.spaceTitle}`,
    text: [
      `Hi ${data.name},`,
      "",
      `${title}.`,
      "",
      data.spaceTitle,
      body,
      "",
      `See the move-in / move-out checklist: ${data.checklistLink}`,
      "",
      "Space Solution",
    ].join("\n"),
    notice: {
      title,
      body: `${data.spaceTitle}: ${body}`,
      link: data.checklistPath,
      // Money: worth a text. The amounts only (a space's title could be long); at most 160 characters.
      sms:
        data.role === "renter"
          ? data.backToRenter
            ? `Space Solution: ${data.toRenter} of your deposit goes back to you. Details in the app.`
            : "Space Solution: your deposit was awarded to the host. Details in the app."
          : data.awarded
            ? `Space Solution: ${data.toHost} of a renter's deposit was awarded to you. Details in the app.`
            : undefined,
    },
  };
}
