import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { ApiFailure } from "~/services/api.server";
import { errorToast } from "~/utils/toast";

type Reply = (options?: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
}) => SubmissionResult<string[]>;

/**
 * A form that did not go through: its field errors (next to the fields) and the first failing rule's message as an
 * error toast (spec §5), with status 400. `failure` is the API's answer when the server-side call refused it.
 */
export function formFailure(
  submission: { reply: Reply; error?: Record<string, string[] | null> | null },
  options: { failure?: ApiFailure; hideFields?: string[]; headers?: HeadersInit } = {},
) {
  const fieldErrors: Record<string, string[]> = {};
  for (const error of options.failure?.errors ?? []) {
    fieldErrors[error.field] = [...(fieldErrors[error.field] ?? []), error.message];
  }
  const result = submission.reply({
    hideFields: options.hideFields,
    ...(options.failure
      ? { fieldErrors, formErrors: options.failure.errors.length ? [] : [options.failure.message] }
      : {}),
  });
  const first =
    options.failure?.message ??
    Object.values(submission.error ?? {})
      .flat()
      .find((message): message is string => Boolean(message)) ??
    "Please check the form.";
  return data(
    { result, toast: errorToast(first) },
    { status: options.failure?.status === 429 ? 429 : 400, headers: options.headers },
  );
}
