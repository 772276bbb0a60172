import { Form } from "@remix-run/react";
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { CONTRACT_RULE } from "~/domain/upload-rules";

/**
 * The host's own contract: a plain multipart form (intent "upload-contract") that the route's action forwards to
 * POST /space/uploadContract, so it works without JavaScript; the API judges the file by its bytes. With
 * JavaScript, a file that is not a PDF or is over 10 MB is refused as soon as it is chosen, with the API's words.
 */

export const UPLOAD_CONTRACT_INTENT = "upload-contract";
/** The API's rule (POST /space/uploadContract), said before sending when JavaScript runs. */
export { CONTRACT_RULE };

const MAX_CONTRACT_BYTES = 10 * 1024 * 1024;

/** Whether a chosen file starts as a PDF does ("%PDF-") and fits: the API's own check, done in the browser. */
async function isAcceptablePdf(file: File): Promise<boolean> {
  if (file.size > MAX_CONTRACT_BYTES) return false;
  const head = new TextDecoder("latin1").decode(await file.slice(0, 5).arrayBuffer());
  return head === "%PDF-";
}

export function ContractUpload({
  currentUrl,
  error,
  pending,
}: {
  /** The contract the host uploaded before, if any. */
  currentUrl: string | null;
  /** The server's word on the last upload. */
  error: string | null;
  pending: boolean;
}) {
  const [choiceError, setChoiceError] = useState<string | null>(null);
  const [answered, setAnswered] = useState(error);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => setAnswered(error), [error]);
  const shown = choiceError ?? answered;

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    setChoiceError(null);
    setAnswered(null);
    if (file && !(await isAcceptablePdf(file))) setChoiceError(CONTRACT_RULE);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!choiceError) return;
    event.preventDefault();
    input.current?.focus();
  }

  return (
    <section aria-labelledby="contract-upload" className="rounded-lg border border-slate-200 p-4">
      <h2 id="contract-upload" className="font-semibold text-slate-900">
        Your own contract
      </h2>
      {currentUrl ? (
        <p className="mt-1 text-sm text-slate-700">
          You uploaded a contract.{" "}
          <a
            href={currentUrl}
            className="font-semibold text-brand-700 underline"
            target="_blank"
            rel="noreferrer"
          >
            View your contract (PDF)
          </a>
          . Upload another to replace it.
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-700">Upload your PDF, then choose "My own contract".</p>
      )}
      <Form method="post" encType="multipart/form-data" onSubmit={submit} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={UPLOAD_CONTRACT_INTENT} />
        <div>
          <label htmlFor="contract" className="block text-sm font-semibold text-slate-800">
            Contract file
          </label>
          <input
            ref={input}
            id="contract"
            name="contract"
            type="file"
            accept="application/pdf,.pdf"
            onChange={choose}
            aria-invalid={shown ? true : undefined}
            aria-describedby={shown ? "contract-hint contract-error" : "contract-hint"}
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 file:mr-4 file:rounded-md file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-700"
          />
          <p id="contract-hint" className="mt-1 text-sm text-slate-600">
            A PDF of at most 10 MB.
          </p>
          {shown ? (
            <p id="contract-error" role="alert" className="mt-1 text-sm text-red-700">
              {shown}
            </p>
          ) : null}
        </div>
        <button
          type="submit"
          disabled={pending}
          className="rounded-md border border-brand-600 bg-white px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          {pending ? "Uploading…" : "Upload contract"}
        </button>
      </Form>
    </section>
  );
}
