/** Choices of the account forms. No zod here: this module ships to the browser. */
export const INTERESTED_OPTIONS = [
  { value: "renter", label: "I want to rent a space" },
  { value: "host", label: "I want to list my space" },
  { value: "both", label: "Both" },
] as const;
