import { data, redirect } from "@remix-run/node";
import { type ConsoleState, consoleState } from "~/api/operations/console.server";
import { notFound } from "~/components/landing/not-found";
import { makeToast } from "~/utils/toast";
import { type ApiClient, type ApiResult, api } from "./api.server";
import { redirectWithToast } from "./toast.server";

/**
 * The operator console's pages (docs/operations.md): every loader and action asks the console's API first, so a
 * visitor, a user without a role or an operator whose role does not cover the page gets the app's 404 page, and an
 * operator whose console session ended goes back to /operations to type a code.
 */

export const CONSOLE_HOME = "/operations";

/** The operator's console state, or the 404 page for everyone else. */
export async function consoleOrNotFound(
  request: Request,
): Promise<{ client: ApiClient; state: ConsoleState }> {
  const client = api(request);
  const answer = await client.call(consoleState);
  if (!answer.ok) notFound();
  return { client, state: answer.result };
}

/** A console page: signed in to the console (else back to its sign-in), the queue's role checked by its calls. */
export async function requireConsole(request: Request): Promise<{ client: ApiClient; state: ConsoleState }> {
  const found = await consoleOrNotFound(request);
  if (found.state.stage !== "in") throw redirect(CONSOLE_HOME);
  return found;
}

/** A queue's answer for its page: a refusal of the role is the 404 page, as for anyone else. */
export function resultOrNotFound<T>(answer: ApiResult<T>): T {
  if (!answer.ok) {
    if (answer.status === 404 && answer.message.startsWith("There is no API call")) notFound();
    throw new Response(answer.message, { status: answer.status });
  }
  return answer.result;
}

/** An action's answer: back to `here` with the call's message, or the refusal shown on the page. */
export async function actionAnswer(answer: ApiResult<unknown>, here: string) {
  if (!answer.ok) {
    if (answer.status === 404 && answer.message.startsWith("There is no API call")) notFound();
    return data({ message: answer.message, toast: answer.toast }, { status: answer.status });
  }
  return redirectWithToast(here, makeToast("success", answer.message));
}

export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
