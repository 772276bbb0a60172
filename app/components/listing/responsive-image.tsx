import type { ImageView } from "~/domain/space";

/**
 * An uploaded image with its WebP renditions as `srcset` (the browser picks the narrowest that fills `sizes`), the
 * JPEG as the fallback `src`, and its width and height so the page does not jump while it loads. Lazy unless
 * `eager` (the first photo of a page: it is what the visitor sees first).
 */
export function ResponsiveImage({
  image,
  alt,
  sizes,
  eager = false,
  className,
}: {
  image: Pick<ImageView, "url" | "width" | "height" | "variants">;
  alt: string;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const srcSet = image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(", ");
  return (
    <img
      src={image.url}
      srcSet={srcSet || undefined}
      sizes={srcSet ? sizes : undefined}
      width={image.width ?? 4}
      height={image.height ?? 3}
      alt={alt}
      loading={eager ? "eager" : "lazy"}
      decoding={eager ? "auto" : "async"}
      // React 18 knows the attribute only in lower case.
      {...{ fetchpriority: eager ? "high" : "auto" }}
      className={className}
    />
  );
}
