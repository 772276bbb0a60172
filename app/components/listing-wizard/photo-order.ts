/**
 * The order of a listing's photos and which one is the cover, as the add-more-details step changes them: make a
 * photo the cover, move it one place earlier or later, delete it, or put them all in a new order (drag and drop).
 * The cover stays with its photo when photos move; deleting the cover makes the first photo the cover. Plain
 * TypeScript: the step's action computes the new order from the draft on the server, and the browser uses the
 * same rules to show a drag's result before the server has answered.
 */

/** The photos' upload ids in order, and the position of the cover among them. */
export type PhotoArrangement = { order: readonly string[]; cover: number };

/** What a photo's buttons do. */
export const PHOTO_MOVES = ["make-cover", "move-left", "move-right", "delete"] as const;
export type PhotoMove = (typeof PHOTO_MOVES)[number];

export function isPhotoMove(value: unknown): value is PhotoMove {
  return typeof value === "string" && (PHOTO_MOVES as readonly string[]).includes(value);
}

/** The cover's position, kept inside the list (0 for an empty list). */
function clampCover(cover: number, length: number): number {
  return Number.isInteger(cover) && cover >= 0 && cover < length ? cover : 0;
}

/** The arrangement after `move` on the photo `id`, or null when the listing has no such photo. */
export function arrangePhotos(
  current: PhotoArrangement,
  move: PhotoMove,
  id: string,
): PhotoArrangement | null {
  const order = [...current.order];
  const index = order.indexOf(id);
  if (index === -1) return null;
  const coverId = order[clampCover(current.cover, order.length)];
  switch (move) {
    case "make-cover":
      return { order, cover: index };
    case "move-left":
    case "move-right": {
      const target = move === "move-left" ? index - 1 : index + 1;
      return withCover(movePhoto(order, id, target), coverId);
    }
    case "delete": {
      const rest = order.filter((each) => each !== id);
      return id === coverId ? { order: rest, cover: 0 } : withCover(rest, coverId);
    }
  }
}

/**
 * The photos in `order` keeping the cover on its photo, or null unless `order` has exactly the same photos (a
 * reorder never deletes: a photo left out of the saved order would be).
 */
export function reorderPhotos(current: PhotoArrangement, order: readonly string[]): PhotoArrangement | null {
  const same =
    order.length === current.order.length &&
    new Set(order).size === order.length &&
    order.every((id) => current.order.includes(id));
  if (!same) return null;
  return withCover([...order], current.order[clampCover(current.cover, current.order.length)]);
}

/** `order` with the photo `id` moved to position `to` (clamped to the list); unchanged when `id` is not in it. */
export function movePhoto(order: readonly string[], id: string, to: number): string[] {
  const from = order.indexOf(id);
  if (from === -1) return [...order];
  const rest = order.filter((each) => each !== id);
  const target = Math.min(Math.max(to, 0), rest.length);
  rest.splice(target, 0, id);
  return rest;
}

function withCover(order: string[], coverId: string | undefined): PhotoArrangement {
  const cover = coverId === undefined ? 0 : order.indexOf(coverId);
  return { order, cover: cover === -1 ? 0 : cover };
}
