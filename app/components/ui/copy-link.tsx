import { useEffect, useState } from "react";

/**
 * A link to pass on: a listing's, or a friend's sign-up link. The link sits in a read-only field that selects
 * itself, so it can be copied by hand without JavaScript. With JavaScript there is a Copy link button where the
 * browser can copy, and, when `share` is given, a Share button where the browser can share (the Web Share API,
 * mostly phones); the status line says whether the copy worked. One field per page: its id is "share-link".
 */
export function CopyLink({
  label,
  url,
  share,
  className,
}: {
  label: string;
  url: string;
  /** What the share sheet says with the link; without it there is no Share button. */
  share?: { title: string; text?: string };
  className?: string;
}) {
  const [can, setCan] = useState({ copy: false, share: false });
  const [status, setStatus] = useState("");
  const shareable = share !== undefined;
  useEffect(() => {
    setCan({
      copy: typeof navigator.clipboard?.writeText === "function",
      share: shareable && typeof navigator.share === "function",
    });
  }, [shareable]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Link copied.");
    } catch {
      setStatus("Could not copy: select the link and copy it.");
    }
  }

  async function openShareSheet() {
    try {
      await navigator.share({ ...share, url });
    } catch {
      // Closing the share sheet, or a browser that refuses, is not an error worth a message.
    }
  }

  return (
    <div className={className}>
      <label htmlFor="share-link" className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="share-link"
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2.5 text-base text-slate-900"
        />
        {can.copy ? (
          <button
            type="button"
            onClick={copy}
            className="shrink-0 rounded-md border border-brand-600 bg-white px-4 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
          >
            Copy link
          </button>
        ) : null}
      </div>
      {can.share ? (
        <button
          type="button"
          onClick={openShareSheet}
          className="mt-3 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        >
          Share…
        </button>
      ) : null}
      <p role="status" className="mt-1 min-h-5 text-sm text-slate-600">
        {status}
      </p>
    </div>
  );
}
