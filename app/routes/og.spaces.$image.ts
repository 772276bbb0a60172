import type { LoaderFunctionArgs } from "@remix-run/node";
import sharp from "sharp";
import { viewSpaceBrief } from "~/api/space/listing-page.server";
import { coverPhoto, type ImageView } from "~/domain/space";
import { getStorage, isSafeKey, UPLOADS_PATH } from "~/infra/storage.server";
import { api } from "~/screens/api.server";

/**
 * GET /og/spaces/{id}.jpg: a listing's share image (og:image, twitter:image): its cover photo cropped to 1200 × 630,
 * the size chat apps and social sites show large. Made with sharp on the first request and kept through the storage
 * adapter under og/spaces/{id}/{cover upload id}.jpg, so a new cover makes a new image. The page links it with
 * ?v={cover upload id}: that URL never changes content and may be cached for a year; without it, for a day.
 * Only listings whose page is public (GET /space/viewSpaceBrief) have one.
 */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;
const OG_QUALITY = 82;
const NAME = /^([0-9a-f-]{36})\.jpg$/i;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const match = NAME.exec(params.image ?? "");
  if (!match) return notFound();
  const brief = await api(request).call(viewSpaceBrief, { query: { spaceId: match[1] as string } });
  if (!brief.ok || brief.result.status !== "active") return notFound();
  const cover = coverPhoto(brief.result);
  if (!cover) return notFound();

  const storage = getStorage();
  const key = `og/spaces/${brief.result._id}/${cover.uploadId}.jpg`;
  let bytes: Uint8Array | null = (await storage.get(key))?.bytes ?? null;
  if (!bytes) {
    const source = await readImage(cover, request);
    if (!source) return notFound();
    bytes = await sharp(source, { failOn: "error" })
      .resize({ width: OG_WIDTH, height: OG_HEIGHT, fit: "cover", position: "attention" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: OG_QUALITY, progressive: true, mozjpeg: true })
      .toBuffer();
    await storage.put(key, bytes, "image/jpeg");
  }
  const current = new URL(request.url).searchParams.get("v") === cover.uploadId;
  return new Response(Buffer.from(bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.byteLength),
      "Cache-Control": current ? "public, max-age=31536000, immutable" : "public, max-age=86400",
    },
  });
}

/** The cover's stored JPEG: from the storage adapter when it is served at /uploads/…, else from its public URL. */
async function readImage(image: ImageView, request: Request): Promise<Uint8Array | null> {
  const url = new URL(image.url, request.url);
  if (url.origin === new URL(request.url).origin && url.pathname.startsWith(`${UPLOADS_PATH}/`)) {
    const key = decodeURIComponent(url.pathname.slice(UPLOADS_PATH.length + 1));
    return isSafeKey(key) ? ((await getStorage().get(key))?.bytes ?? null) : null;
  }
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
}

function notFound() {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
