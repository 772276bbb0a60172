import { useEffect, useState } from "react";

/**
 * Sharing a listing. Without JavaScript: the link in a read-only field to copy, and links that open Facebook,
 * Messenger, WhatsApp, Viber, X and e-mail with it. With JavaScript: a Share button that opens the phone's share sheet
 * (Web Share API) where there is one, and a Copy link button.
 */
export function SharePanel({ url, title }: { url: string; title: string }) {
  const [canShare, setCanShare] = useState(false);
  const [canCopy, setCanCopy] = useState(false);
  const [status, setStatus] = useState("");
  useEffect(() => {
    setCanShare(typeof navigator.share === "function");
    setCanCopy(typeof navigator.clipboard?.writeText === "function");
  }, []);

  async function share() {
    try {
      await navigator.share({ title, url });
    } catch {
      // Closing the share sheet is not an error worth a message.
    }
  }

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setStatus("Link copied.");
    } catch {
      setStatus("Could not copy: select the link and copy it.");
    }
  }

  const text = encodeURIComponent(`${title} ${url}`);
  const link = encodeURIComponent(url);
  const targets = [
    ["Facebook", `https://www.facebook.com/sharer/sharer.php?u=${link}`],
    ["Messenger", `fb-messenger://share/?link=${link}`],
    ["WhatsApp", `https://wa.me/?text=${text}`],
    ["Viber", `viber://forward?text=${text}`],
    ["X", `https://twitter.com/intent/tweet?url=${link}&text=${encodeURIComponent(title)}`],
    ["E-mail", `mailto:?subject=${encodeURIComponent(title)}&body=${text}`],
  ] as const;

  return (
    <section aria-labelledby="share-title" className="rounded-xl bg-white p-4 shadow-sm">
      <h2 id="share-title" className="text-lg font-semibold text-slate-900">
        Share this space
      </h2>
      {canShare || canCopy ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {canShare ? (
            <button
              type="button"
              onClick={share}
              className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
            >
              Share…
            </button>
          ) : null}
          {canCopy ? (
            <button
              type="button"
              onClick={copy}
              className="rounded-md border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
            >
              Copy link
            </button>
          ) : null}
        </div>
      ) : null}
      <p role="status" className="mt-2 text-sm text-emerald-800">
        {status}
      </p>
      <label htmlFor="share-link" className="mt-2 block text-sm font-semibold text-slate-800">
        Link to this space
      </label>
      <input
        id="share-link"
        type="url"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="mt-1 block w-full rounded-md border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-800"
      />
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Share on">
        {targets.map(([name, href]) => (
          <li key={name}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline"
            >
              {name}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
