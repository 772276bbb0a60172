import { Form, useFetcher } from "@remix-run/react";
import { type DragEvent, useState } from "react";
import { ResponsiveImage } from "~/components/listing/responsive-image";
import { useHydrated } from "~/components/ui/use-hydrated";
import type { ImageView } from "~/domain/space";
import { movePhoto } from "./photo-order";

/** The intent of a drag-and-drop reorder (the new order goes in `photoOrder`). */
export const REORDER_INTENT = "reorder";

/** What a photo's thumbnail takes on screen: half the column on phones, a third of the card beyond. */
const THUMBNAIL_SIZES = "(min-width: 640px) 200px, 45vw";

const buttonClass =
  "rounded-md border border-slate-300 bg-white px-1.5 py-1.5 text-xs font-semibold text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";

/**
 * A listing's photos in order, the cover marked. Each photo has "Make cover", "Move left", "Move right" and "Delete"
 * buttons: plain POST forms (intents make-cover, move-left, move-right, delete with the photo's upload id in
 * `photo`) whose action computes the new order from the draft, so they work without JavaScript and are the keyboard
 * way to reorder. With JavaScript the photos can also be dragged into a new order (intent reorder), shown at once
 * while the server saves it. The grid reads left to right, so "left" is earlier (up, on a narrow screen).
 */
export function PhotoList({
  photos,
  coverPhotoIndex,
}: {
  photos: readonly ImageView[];
  coverPhotoIndex: number;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);

  // While a drag's new order is being saved, show it.
  const pending =
    fetcher.formData?.get("intent") === REORDER_INTENT ? fetcher.formData.getAll("photoOrder") : null;
  const byId = new Map(photos.map((photo) => [photo.uploadId, photo]));
  const shown =
    pending &&
    pending.length === photos.length &&
    pending.every((id) => typeof id === "string" && byId.has(id))
      ? pending.map((id) => byId.get(id as string) as ImageView)
      : photos;
  const coverId = photos[coverPhotoIndex]?.uploadId ?? photos[0]?.uploadId;

  function drop(event: DragEvent<HTMLLIElement>, targetId: string) {
    event.preventDefault();
    setOver(null);
    const id = dragged ?? event.dataTransfer.getData("text/plain");
    setDragged(null);
    const order = shown.map((photo) => photo.uploadId);
    if (!id || id === targetId || !order.includes(id)) return;
    const next = movePhoto(order, id, order.indexOf(targetId));
    const body = new FormData();
    body.append("intent", REORDER_INTENT);
    for (const each of next) body.append("photoOrder", each);
    fetcher.submit(body, { method: "post", preventScrollReset: true });
  }

  if (photos.length === 0) {
    return (
      <p className="text-sm text-slate-600">No photos yet. Add the first one below: it becomes the cover.</p>
    );
  }
  return (
    <div>
      {hydrated ? (
        <p className="mb-3 text-sm text-slate-600">
          Drag the photos into the order renters should see them, or use each photo's buttons.
        </p>
      ) : null}
      <ol className="grid grid-cols-2 gap-4 sm:grid-cols-3" aria-label="Your photos">
        {shown.map((photo, index) => {
          const number = index + 1;
          const isCover = photo.uploadId === coverId;
          return (
            <li
              key={photo.uploadId}
              draggable={hydrated}
              onDragStart={(event) => {
                setDragged(photo.uploadId);
                event.dataTransfer.effectAllowed = "move";
                event.dataTransfer.setData("text/plain", photo.uploadId);
              }}
              onDragOver={(event) => {
                event.preventDefault();
                setOver(photo.uploadId);
              }}
              onDragLeave={() => setOver((current) => (current === photo.uploadId ? null : current))}
              onDragEnd={() => {
                setDragged(null);
                setOver(null);
              }}
              onDrop={(event) => drop(event, photo.uploadId)}
              data-testid="listing-photo"
              data-photo-id={photo.uploadId}
              className={`rounded-lg border bg-white p-2 ${
                over === photo.uploadId && dragged !== photo.uploadId
                  ? "border-brand-600 ring-2 ring-brand-200"
                  : isCover
                    ? "border-brand-600"
                    : "border-slate-200"
              } ${hydrated ? "cursor-move" : ""}`}
            >
              <div className="relative">
                <ResponsiveImage
                  image={photo}
                  alt={`Photo ${number} of your space${isCover ? " (cover)" : ""}`}
                  sizes={THUMBNAIL_SIZES}
                  className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover"
                />
                {isCover ? (
                  <span className="absolute left-2 top-2 rounded bg-brand-700 px-2 py-0.5 text-xs font-bold text-white">
                    Cover
                  </span>
                ) : null}
              </div>
              <Form method="post" preventScrollReset className="mt-2 grid grid-cols-2 gap-1.5">
                <input type="hidden" name="photo" value={photo.uploadId} />
                <button
                  type="submit"
                  name="intent"
                  value="make-cover"
                  disabled={isCover}
                  className={buttonClass}
                >
                  Make cover<span className="sr-only"> (photo {number})</span>
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="move-left"
                  disabled={index === 0}
                  className={buttonClass}
                >
                  Move left<span className="sr-only"> (photo {number})</span>
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="move-right"
                  disabled={index === shown.length - 1}
                  className={buttonClass}
                >
                  Move right<span className="sr-only"> (photo {number})</span>
                </button>
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className={`${buttonClass} text-red-700 hover:bg-red-50`}
                >
                  Delete<span className="sr-only"> (photo {number})</span>
                </button>
              </Form>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
