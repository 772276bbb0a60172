/** The reports queue's words (docs/operations.md). */

/** A line saying what the report is about. */
export function aboutLine(context: { kind: string } & Record<string, unknown>): string {
  switch (context.kind) {
    case "listing":
      return `Listing “${context.title}” (${context.status})`;
    case "user":
      return `User ${context.name} (${context.email})`;
    case "message":
      return `Message: “${context.body}”`;
    case "review":
      return `Review (${context.stars} stars): “${context.text}”`;
    default:
      return "It is no longer there.";
  }
}

/** What the support inbox calls each kind of message. */
export const SUPPORT_KIND_WORDS: Record<"contactUs" | "feedback" | "missingSpace" | "hostEnquiry", string> = {
  contactUs: "Contact-us message",
  feedback: "Feedback",
  missingSpace: "Missing-space request",
  hostEnquiry: "Host enquiry",
};
