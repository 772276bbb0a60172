import { Card } from "~/components/ui/card";
import { CopyLink } from "~/components/ui/copy-link";

/**
 * Sharing a listing. Without JavaScript: the link in a read-only field to copy, and links that open Facebook,
 * Messenger, WhatsApp, Viber, X and e-mail with it. With JavaScript: a Share button that opens the phone's share sheet
 * (Web Share API) where there is one, and a Copy link button.
 */
export function SharePanel({ url, title }: { url: string; title: string }) {
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
    <Card as="section" aria-labelledby="share-title">
      <h2 id="share-title" className="text-lg font-semibold text-slate-900">
        Share this space
      </h2>
      <CopyLink label="Link to this space" url={url} share={{ title }} className="mt-3" />
      <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Share on">
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
    </Card>
  );
}
