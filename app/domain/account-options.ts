/** Choices of the account forms. No zod here: this module ships to the browser. */
export const INTERESTED_OPTIONS = [
  { value: "renter", label: "I want to rent a space" },
  { value: "host", label: "I want to list my space" },
  { value: "both", label: "Both" },
] as const;

/** The e-mail of an account that exists already: the API's refusal and the sign-up form's live check say it alike. */
export const EMAIL_TAKEN = "This email is already registered.";
