import { randomInt } from "node:crypto";

/** Letters and digits that cannot be mistaken for each other when read aloud or typed from a screenshot. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/** A user's referral code: up to six letters of their first name and four random characters, e.g. MARIA-7KQ2. */
export function makeReferralCode(firstName: string, random: (max: number) => number = randomInt): string {
  const stem =
    firstName
      .normalize("NFD")
      .replace(/[^A-Za-z]/g, "")
      .toUpperCase()
      .slice(0, 6) || "SPACE";
  let tail = "";
  for (let i = 0; i < 4; i++) tail += ALPHABET[random(ALPHABET.length)];
  return `${stem}-${tail}`;
}
