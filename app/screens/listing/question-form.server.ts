import { z } from "zod/v4";
import { QuestionFieldsSchema } from "~/api/enquiry/about-space.server";
import * as accountRules from "~/domain/account-rules.server";

/**
 * The listing page's "Ask a question" form: the API's rules for a question (enquiry/aboutSpace), with the name and
 * e-mail required of visitors (a logged-in user's come from their account). A .server module: zod stays out of the
 * browser.
 */
export const ASK_INTENT = "ask";

export function questionFormSchema(loggedIn: boolean) {
  if (loggedIn) return QuestionFieldsSchema.pick({ message: true, phoneNumber: true });
  return QuestionFieldsSchema.extend({
    name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(120),
    email: accountRules.email,
  });
}
