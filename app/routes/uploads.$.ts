import type { LoaderFunctionArgs } from "@remix-run/node";
import { getStorage, isSafeKey } from "~/infra/storage.server";

/**
 * GET /uploads/<key>: an uploaded file from the storage adapter (disk, or the bucket when it has no public URL).
 * Keys never get new content, so browsers and CDNs may keep an answer for a year.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const key = params["*"] ?? "";
  const object = isSafeKey(key) ? await getStorage().get(key) : null;
  if (!object) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(object.bytes, {
    headers: {
      "Content-Type": object.contentType,
      "Content-Length": String(object.bytes.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Disposition": "inline",
    },
  });
}
