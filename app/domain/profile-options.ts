/** Choices of the profile and settings forms. No zod here: this module ships to the browser. */

/** A user's gender, as they choose to tell it (edit-account-info). Stored as the value; empty means not told. */
export const GENDER_OPTIONS = [
  { value: "female", label: "Female" },
  { value: "male", label: "Male" },
  { value: "nonBinary", label: "Non-binary" },
  { value: "preferNotToSay", label: "Prefer not to say" },
] as const;

export type Gender = (typeof GENDER_OPTIONS)[number]["value"];

export const GENDERS = GENDER_OPTIONS.map((option) => option.value) as readonly Gender[];

export function isGender(value: unknown): value is Gender {
  return typeof value === "string" && (GENDERS as readonly string[]).includes(value);
}

/** At most this many invitations per user in any 24 hours (inviteFriend). */
export const INVITATIONS_PER_DAY = 20;
/** At most this many addresses in one inviteFriend call. */
export const INVITATIONS_PER_CALL = 10;
