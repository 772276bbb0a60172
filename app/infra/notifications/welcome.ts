import type { Message } from "./message";

/** To a new account, e-mail or social sign-up alike. */
export type WelcomeData = {
  firstName: string;
  nickName: string | null;
  referralCode: string;
  /** The site's public origin (publicOrigin). */
  origin: string;
};

/** The welcome's data from the new account's row. */
export function welcomeData(
  user: Pick<WelcomeData, "firstName" | "nickName" | "referralCode">,
  origin: string,
): WelcomeData {
  return { firstName: user.firstName, nickName: user.nickName, referralCode: user.referralCode, origin };
}

export function welcome(data: WelcomeData): Message {
  return {
    subject: "Welcome to Space Solution",
    text: [
      `Hi ${data.nickName ?? data.firstName},`,
      "",
      "Welcome to Space Solution! You can now find storage and parking near you, or list the space you do not use.",
      `Your referral code is ${data.referralCode}: share it with friends and you both get a voucher after their first booking.`,
      "",
      `Start here: ${data.origin}/`,
    ].join("\n"),
  };
}
