import type { Message } from "./message";

/** The single-use reset link (valid one hour) that GET /user/forgotPassword sends. */
export type PasswordResetData = { firstName: string; nickName: string | null; resetLink: string };

export function passwordReset(data: PasswordResetData): Message {
  return {
    subject: "Reset your Space Solution password",
    text: [
      `Hi ${data.nickName ?? data.firstName},`,
      "",
      "Someone (we hope you) asked to reset the password of your Space Solution account.",
      "Open this link within one hour to choose a new password; it works once:",
      "",
      data.resetLink,
      "",
      "If you did not ask for this, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}
