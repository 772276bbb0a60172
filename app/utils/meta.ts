import type { MetaDescriptor } from "@remix-run/node";

export const SITE_NAME = "Space Solution";
export const SITE_DESCRIPTION =
  "Rent storage or parking space near you in the Philippines, or earn from the space you do not use.";

/** A page's title and description, from its route data; every page without its own gets the site's. */
export function pageMeta(title?: string, description: string = SITE_DESCRIPTION): MetaDescriptor[] {
  const fullTitle = title ? `${title} | ${SITE_NAME}` : `${SITE_NAME} — storage and parking space for rent`;
  return [
    { title: fullTitle },
    { name: "description", content: description },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:site_name", content: SITE_NAME },
  ];
}
