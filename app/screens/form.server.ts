import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import { BodyTooLargeError, readFormWithin } from "~/infra/security.server";
import type { ApiFailure } from "~/screens/api.server";
import { errorToast } from "~/utils/toast";

type Reply = (options?: {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  hideFields?: string[];
}) => SubmissionResult<string[]>;

/**
 * A form that did not go through: its field errors (next to the fields) and the first failing rule's message as an
 * error toast (docs/product.md, Validation texts), with status 400. `failure` is the API's answer when the server-side
 * call refused it.
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

/** A failure of an upload, shown next to its file field (`image` unless said) and as a toast. */
export function uploadFailure(message: string, status = 400, field = "image"): ApiFailure {
  return { ok: false, status, message, errors: [{ field, message }], toast: errorToast(message) };
}

/**
 * A multipart form with files, read within the body cap: its text fields (checked first, so a bad message never
 * costs an upload, and never echoing a file back) and the files chosen in `field` (an empty file input sends one
 * nameless empty file, which is left out). Null when the body is over the cap.
 */
export async function readUploadForm(
  request: Request,
  field = "image",
): Promise<{ text: FormData; files: File[] } | null> {
  let form: FormData;
  try {
    form = await readFormWithin(request);
  } catch (error) {
    if (error instanceof BodyTooLargeError) return null;
    throw error;
  }
  const text = new FormData();
  for (const [name, value] of form) if (typeof value === "string") text.append(name, value);
  const files = form
    .getAll(field)
    .filter((file): file is File => file instanceof File && (file.size > 0 || file.name !== ""));
  return { text, files };
}
