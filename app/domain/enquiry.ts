/**
 * The limits of the operations team's enquiries ("Can't find a space?", "List with us"), shared by their rules
 * (enquiry-rules.server.ts) and the forms' hints. Plain TypeScript, browser-safe.
 */
export const NAME_MAX_LENGTH = 120;
/** The size a renter needs is free text: "3 × 3 m", "about 20 boxes", "one SUV". */
export const SIZE_MAX_LENGTH = 120;
export const ENQUIRY_MESSAGE_MAX_LENGTH = 2000;
