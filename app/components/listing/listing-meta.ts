import type { MetaDescriptor } from "@remix-run/node";
import type { SpaceBrief } from "~/api/space/listing-page.server";
import { formatPeso } from "~/domain/money";
import { coverPhoto } from "~/domain/space";
import { spaceTypeOf } from "~/domain/space-types";
import { kindLabel, SPACE_TYPE_LABELS } from "~/domain/vocabulary";
import { shareMeta } from "./share-meta";

/** The og:image rendition's size (app/routes/og.spaces.$image.ts). */
const OG_IMAGE = { width: 1200, height: 630 };

/**
 * A listing page's meta: title, description, Open Graph, Twitter card and a schema.org Product in JSON-LD. Made by
 * the page's loader (its `meta` only returns them), so the browser needs neither this module nor the vocabularies
 * and money formatting it uses. `origin` is publicOrigin(request) (PUBLIC_URL): every URL is absolute.
 */
export function listingMeta(space: SpaceBrief, origin: string): MetaDescriptor[] {
  const type = spaceTypeOf(space);
  const title = space.spaceTitle?.trim() || "A space for rent";
  const url = `${origin}${space.path}`;
  const cover = coverPhoto(space);
  const imageUrl = cover ? `${origin}/og/spaces/${space._id}.jpg?v=${cover.uploadId}` : null;
  const place = [space.address.barangay, space.address.city].filter(Boolean).join(", ");
  const kind = space.kind ? kindLabel(space.kind) : SPACE_TYPE_LABELS[type];
  const price =
    space.listingPrice === null
      ? ""
      : type === "parking" && space.dailyPrice !== null
        ? ` from ${formatPeso(space.dailyPrice)} a day`
        : ` for ${formatPeso(space.listingPrice)} a month`;
  const summary = `${kind} ${type === "parking" ? "parking" : "storage"}${place ? ` in ${place}` : ""}${price}.`;
  const about = space.description?.replace(/\s+/g, " ").trim() ?? "";
  const description = clipAtWord(`${summary} ${about}`.trim(), DESCRIPTION_MAX);
  return shareMeta({
    title,
    description,
    url,
    type: "product",
    image: imageUrl ? { url: imageUrl, ...OG_IMAGE, alt: `Photo of ${title}` } : null,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "Product",
      name: title,
      description,
      category: `${SPACE_TYPE_LABELS[type]} space for rent`,
      url,
      ...(cover ? { image: [new URL(cover.url, origin).href] } : {}),
      offers: {
        "@type": "Offer",
        url,
        priceCurrency: "PHP",
        ...(space.listingPrice === null ? {} : { price: (space.listingPrice / 100).toFixed(2) }),
        availability:
          space.status === "active" ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        ...(space.listingPrice === null
          ? {}
          : {
              priceSpecification: {
                "@type": "UnitPriceSpecification",
                price: (space.listingPrice / 100).toFixed(2),
                priceCurrency: "PHP",
                unitCode: "MON",
                unitText: "month",
              },
            }),
        areaServed: {
          "@type": "Place",
          name: place || undefined,
          address: {
            "@type": "PostalAddress",
            addressLocality: space.address.city ?? undefined,
            addressRegion: space.address.province ?? undefined,
            addressCountry: "PH",
          },
        },
      },
    },
  });
}

/** The longest share description: what previews show without cutting it themselves. */
const DESCRIPTION_MAX = 200;

/** `text` within `max` characters, cut at a word with an ellipsis when it is longer. */
export function clipAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
