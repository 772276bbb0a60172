import type { MetaDescriptor } from "@remix-run/node";
import { pageMeta } from "~/utils/meta";

/**
 * A page's meta for sharing and search engines: pageMeta's title and description, plus og:url, og:type, og:image
 * (with its size and alt text), the Twitter card and, when given, JSON-LD. Every URL is absolute (publicOrigin: PUBLIC_URL,
 * never a Host the caller made up). The canonical <link> is the root's (origin + path), so pages that want a particular
 * canonical URL redirect to it.
 */
export function shareMeta(options: {
  /** The page's own title; none on the home page, which has the site's. */
  title?: string;
  description: string;
  url: string;
  type?: "website" | "product";
  image?: { url: string; width: number; height: number; alt: string } | null;
  jsonLd?: Record<string, unknown>;
}): MetaDescriptor[] {
  const { title, description, url, image } = options;
  const [titleTag, ...rest] = pageMeta(title, description);
  const fullTitle = (titleTag as { title: string }).title;
  return [
    titleTag as MetaDescriptor,
    ...rest,
    { property: "og:type", content: options.type ?? "website" },
    { property: "og:url", content: url },
    { property: "og:locale", content: "en_PH" },
    ...(image
      ? [
          { property: "og:image", content: image.url },
          { property: "og:image:type", content: "image/jpeg" },
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
          { property: "og:image:alt", content: image.alt },
        ]
      : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    ...(image ? [{ name: "twitter:image", content: image.url }] : []),
    ...(options.jsonLd ? [{ "script:ld+json": options.jsonLd }] : []),
  ];
}
