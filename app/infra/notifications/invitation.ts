import type { Message } from "./message";

/** A user's invitation to a friend (POST /user/inviteFriend), with the user's sign-up link. */
export type InvitationData = {
  /** The inviter as friends know them: nickname, else first name. */
  inviterName: string;
  referralCode: string;
  message?: string | null;
  signupLink: string;
};

export function invitation(data: InvitationData): Message {
  const name = data.inviterName;
  return {
    subject: `${name} invited you to Space Solution`,
    text: [
      "Hi,",
      "",
      `${name} invited you to Space Solution, where people across the Philippines rent out spare storage and parking space, and find a safe place for their things and their car nearby.`,
      ...(data.message ? ["", `${name} wrote:`, "", data.message] : []),
      "",
      `Sign up with ${name}'s referral code ${data.referralCode} and you both get a voucher after your first booking:`,
      "",
      data.signupLink,
      "",
      "If you do not want to join, just ignore this e-mail.",
    ].join("\n"),
  };
}
