import { Form, useRevalidator } from "@remix-run/react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { PendingButton } from "~/components/ui/pending-button";
import { useHydrated } from "~/components/ui/use-hydrated";
import { IMAGE_ONLY_MESSAGE, imagesUploadedMessage } from "~/domain/upload-rules";

/**
 * An image upload of the add-more-details step (photos of the space, or its floor plan). Without JavaScript it is
 * a plain multipart form: the step's action forwards the files to the API in one call and answers with a toast.
 * With JavaScript the chosen files are checked by their first bytes and previewed at once, and the upload goes
 * straight to the API call with XMLHttpRequest, which reports its progress; the step's data is then reloaded.
 * `multiple` lets a host pick several photos at once (they go in one post, in the order chosen). The messages are
 * docs/product.md, Uploads and images.
 */

export const UPLOAD_FAILED = "Upload failed.";

/** The step action's intents of the two upload forms. */
export type UploadIntent = "upload-photo" | "upload-floorplan";

/** The API call each upload goes to (from the step's action without JavaScript, from the browser with). */
export const UPLOAD_PATHS: Record<UploadIntent, string> = {
  "upload-photo": "/space/imageUploadSpaces",
  "upload-floorplan": "/space/imageUploadFloorplan",
};

/** The API's mount (app/api/router.server.ts API_PREFIX): the browser calls it on the same origin. */
const API_PREFIX = "/api";

/** What the first bytes of a file say it is: JPEG or PNG, the same rule the server applies to the whole file. */
export async function isJpegOrPng(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const starts = (signature: number[]) => signature.every((byte, i) => head[i] === byte);
  return starts([0xff, 0xd8, 0xff]) || starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
}

type Outcome = { ok: boolean; message: string; sessionEnded?: boolean };

/**
 * The API's answer to an upload of `count` images, read as docs/product.md (Uploads and images) says: success, its
 * message, or "Upload failed.".
 */
function readAnswer(status: number, body: string, count: number): Outcome {
  let payload: {
    responseCode?: unknown;
    responseMessage?: unknown;
    message?: unknown;
    result?: unknown;
  } | null = null;
  try {
    payload = JSON.parse(body);
  } catch {
    payload = null;
  }
  const code = typeof payload?.responseCode === "number" ? payload.responseCode : status;
  if (code === 401) return { ok: false, message: UPLOAD_FAILED, sessionEnded: true };
  const said =
    (typeof payload?.message === "string" && payload.message) ||
    (typeof payload?.responseMessage === "string" && payload.responseMessage) ||
    "";
  const empty = payload?.result === null || payload?.result === undefined || payload.result === "";
  if (status === 200 && code === 200 && !empty) return { ok: true, message: imagesUploadedMessage(count) };
  return { ok: false, message: said || UPLOAD_FAILED };
}

/** POSTs the form to an API call with XMLHttpRequest (fetch cannot report upload progress). */
function send(path: string, body: FormData, onProgress: (fraction: number) => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${API_PREFIX}${path}`);
    request.setRequestHeader("Accept", "application/json");
    request.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    });
    request.addEventListener("load", () =>
      resolve(readAnswer(request.status, request.responseText, body.getAll("image").length)),
    );
    request.addEventListener("error", () => resolve({ ok: false, message: UPLOAD_FAILED }));
    request.addEventListener("abort", () => resolve({ ok: false, message: UPLOAD_FAILED }));
    request.send(body);
  });
}

export function ImageUploadForm({
  spaceId,
  intent,
  apiPath,
  label,
  buttonLabel,
  hint,
  serverError,
  previewAlt,
  multiple = false,
}: {
  spaceId: string;
  /** The step action's intent for the form without JavaScript. */
  intent: UploadIntent;
  /** The API call that takes the file with JavaScript: /space/imageUploadSpaces or /space/imageUploadFloorplan. */
  apiPath: string;
  label: string;
  buttonLabel: string;
  hint: string;
  /** The step action's word on this form's last upload (without JavaScript). */
  serverError?: string | null;
  previewAlt: string;
  /** Several files at once (the listing's photos); the floor plan is one. */
  multiple?: boolean;
}) {
  const hydrated = useHydrated();
  const revalidator = useRevalidator();
  const input = useRef<HTMLInputElement>(null);
  const [previews, setPreviews] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const id = `${intent}-image`;
  const error = outcome ? (outcome.ok ? null : outcome.message) : (serverError ?? null);
  const uploading = progress !== null;

  // A new answer from the server (without JavaScript's path) replaces what this form said last.
  // biome-ignore lint/correctness/useExhaustiveDependencies: serverError is the trigger, not a value used inside
  useEffect(() => setOutcome(null), [serverError]);
  useEffect(
    () => () => {
      for (const url of previews) URL.revokeObjectURL(url);
    },
    [previews],
  );

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.currentTarget.files ?? [])];
    setPreviews([]);
    setOutcome(null);
    if (files.length === 0) return;
    // One file that is not a photo holds back the whole choice, as the server would refuse the whole post.
    const checks = await Promise.all(files.map(isJpegOrPng));
    if (checks.includes(false)) return setOutcome({ ok: false, message: IMAGE_ONLY_MESSAGE });
    setPreviews(files.map((file) => URL.createObjectURL(file)));
  }

  async function upload(event: FormEvent<HTMLFormElement>) {
    if (!hydrated) return;
    event.preventDefault();
    if (uploading) return;
    const files = [...(input.current?.files ?? [])];
    if (outcome && !outcome.ok && files.length > 0) {
      input.current?.focus();
      return;
    }
    const body = new FormData();
    body.append("spaceId", spaceId);
    for (const file of files) body.append("image", file, file.name);
    setOutcome(null);
    setProgress(0);
    const answer = await send(apiPath, body, setProgress);
    setProgress(null);
    if (answer.sessionEnded) {
      // The server says where to go (the log-in page, with the session-expired toast).
      window.location.reload();
      return;
    }
    setOutcome(answer);
    if (answer.ok) {
      setPreviews([]);
      if (input.current) input.current.value = "";
      revalidator.revalidate();
    } else {
      input.current?.focus();
    }
  }

  const describedBy = [`${id}-hint`, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      preventScrollReset
      onSubmit={upload}
      className="space-y-3"
      aria-label={buttonLabel}
    >
      <input type="hidden" name="intent" value={intent} />
      <div>
        <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
          {label}
        </label>
        <input
          ref={input}
          id={id}
          name="image"
          type="file"
          accept="image/jpeg,image/png"
          multiple={multiple}
          onChange={choose}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800"
        />
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
        {error ? (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        {outcome?.ok ? (
          <p role="status" className="mt-1 text-sm font-semibold text-green-800">
            {outcome.message}
          </p>
        ) : null}
      </div>
      {previews.length > 0 ? (
        <ul className="flex flex-wrap gap-2">
          {previews.map((url, i) => (
            <li key={url}>
              <img
                src={url}
                alt={previews.length === 1 ? previewAlt : `${previewAlt} (${i + 1} of ${previews.length})`}
                className="h-32 w-auto max-w-full rounded-md object-cover ring-2 ring-brand-100"
              />
            </li>
          ))}
        </ul>
      ) : null}
      {uploading ? (
        <progress
          value={Math.round((progress ?? 0) * 100)}
          max={100}
          aria-label="Upload progress"
          className="h-2 w-full"
        />
      ) : null}
      <PendingButton pending={uploading} pendingLabel="Uploading…" variant="secondary" size="sm">
        {buttonLabel}
      </PendingButton>
    </Form>
  );
}
