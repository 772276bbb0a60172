/**
 * The listing page's parts that the server renders at once and the browser loads as they come near the screen
 * (app/components/listing/listing-parts.tsx, whenNear). A .server module: the browser build makes it an empty one, so
 * the page's first JavaScript does not carry these components.
 */
export * from "~/components/listing/listing-parts";
