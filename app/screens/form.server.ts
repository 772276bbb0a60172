import type { SubmissionResult } from "@conform-to/react";
import { data } from "@remix-run/node";
import type { ApiFailure } from "~/services/api.server";
import { BodyTooLargeError, readFormWithin } from "~/services/security.server";
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

/** A refused upload, shown next to the form's image field and as a toast. */
export function imageFailure(message: string, status = 400): ApiFailure {
  return { ok: false, status, message, errors: [{ field: "image", message }], toast: errorToast(message) };
}

/**
 * A multipart form read within the upload cap (null when it is larger): its text fields, which the form's rules check
 * before any upload is paid for and which are the only part echoed back, and the files chosen in `field`.
 */
export async function readUploadForm(
  request: Request,
  field = "image",
): Promise<{ text: FormData; files: File[]; form: FormData } | null> {
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
  return { text, files, form };
}
