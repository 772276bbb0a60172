import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod/v4";
import { IMAGE_FIELD, imageFile, removeUploads, storeImage, toUploadView } from "~/core/uploads.server";
import type { Database } from "~/db/client.server";
import { type StorageItemRow, storageItems, uploads } from "~/db/schema";
import { MAX_UPLOAD_BYTES } from "~/infra/security.server";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { ApiError } from "../envelope";

/**
 * The renter's list of things to store (the /user/itemList call): kept on the account and reused from booking to
 * booking; the storage-item-list step picks from it, and a booking keeps a copy of what was picked (ADR 0023).
 * Every id is checked against the caller: another user's item is "not found".
 */

export const MAX_ITEMS = 100;
export const ITEM_NOT_FOUND = "This item was not found.";
export const ITEM_MESSAGES = {
  name: "Please name the item.",
  nameLong: "Please keep the item's name under 80 characters.",
  quantity: "Please enter how many, from 1 to 999.",
  notesLong: "Please keep the notes under 300 characters.",
  tooMany: `Your list can hold ${MAX_ITEMS} items. Please remove some first.`,
} as const;

export type StorageItem = {
  itemId: string;
  name: string;
  quantity: number;
  notes: string | null;
  /** The item's photo (a small rendition), if it has one. */
  photoUrl: string | null;
};

function toItem(row: StorageItemRow, photo?: typeof uploads.$inferSelect | null): StorageItem {
  const view = photo ? toUploadView(photo) : null;
  const small = view?.variants.find((variant) => variant.width <= 640) ?? view?.variants[0];
  return {
    itemId: row.id,
    name: row.name,
    quantity: row.quantity,
    notes: row.notes,
    photoUrl: small?.url ?? view?.url ?? null,
  };
}

const fields = {
  name: z
    .string({ error: ITEM_MESSAGES.name })
    .trim()
    .min(1, { error: ITEM_MESSAGES.name })
    .max(80, { error: ITEM_MESSAGES.nameLong }),
  quantity: z.coerce
    .number({ error: ITEM_MESSAGES.quantity })
    .int({ error: ITEM_MESSAGES.quantity })
    .min(1, { error: ITEM_MESSAGES.quantity })
    .max(999, { error: ITEM_MESSAGES.quantity }),
  notes: z
    .string()
    .trim()
    .max(300, { error: ITEM_MESSAGES.notesLong })
    .optional()
    .transform((value) => value || null),
};

const itemId = z.uuid({ error: ITEM_NOT_FOUND });

export async function itemsOf(db: Database, userId: string): Promise<StorageItem[]> {
  const rows = await db
    .select({ item: storageItems, photo: uploads })
    .from(storageItems)
    .leftJoin(uploads, eq(uploads.id, storageItems.photoUploadId))
    .where(eq(storageItems.userId, userId))
    .orderBy(asc(storageItems.createdAt), asc(storageItems.id));
  return rows.map((row) => toItem(row.item, row.photo));
}

export const getItemList = defineEndpoint({
  method: "GET",
  path: "/user/itemList",
  auth: "required",
  answers: [404],
  summary: "The caller's list of things to store (userId must be the caller's own).",
  tags: ["user"],
  query: z.strictObject({ userId: z.uuid({ error: "This user was not found." }) }),
  async handler({ db, user, query }): Promise<StorageItem[]> {
    if (query.userId !== user.id) throw new ApiError(404, "This user was not found.");
    return itemsOf(db, user.id);
  },
});

export const addItem = defineEndpoint({
  method: "POST",
  path: "/user/itemList",
  auth: "required",
  answers: [409],
  summary: "Adds an item (name, quantity, notes) to the caller's list.",
  tags: ["user"],
  message: "The item is on your list.",
  body: z.strictObject(fields),
  async handler({ db, user, body }): Promise<StorageItem> {
    const [held] = await db.select({ n: count() }).from(storageItems).where(eq(storageItems.userId, user.id));
    if ((held?.n ?? 0) >= MAX_ITEMS) throw new ApiError(409, ITEM_MESSAGES.tooMany);
    const [row] = await db
      .insert(storageItems)
      .values({ userId: user.id, ...body })
      .returning();
    if (!row) throw new Error("the item was not stored");
    return toItem(row, null);
  },
});

export const editItem = defineEndpoint({
  method: "PUT",
  path: "/user/itemList",
  auth: "required",
  answers: [404],
  summary: "Changes one of the caller's items (?itemId).",
  tags: ["user"],
  message: "The item is updated.",
  query: z.strictObject({ itemId }),
  body: z.strictObject(fields),
  async handler({ db, user, query, body }): Promise<StorageItem> {
    const [row] = await db
      .update(storageItems)
      .set(body)
      .where(and(eq(storageItems.id, query.itemId), eq(storageItems.userId, user.id)))
      .returning();
    if (!row) throw new ApiError(404, ITEM_NOT_FOUND);
    const [photo] = row.photoUploadId
      ? await db.select().from(uploads).where(eq(uploads.id, row.photoUploadId))
      : [];
    return toItem(row, photo);
  },
});

export const deleteItem = defineEndpoint({
  method: "DELETE",
  path: "/user/itemList",
  auth: "required",
  answers: [404],
  summary: "Removes one of the caller's items (?itemId). Bookings keep their own copy.",
  tags: ["user"],
  message: "The item is off your list.",
  query: z.strictObject({ itemId }),
  async handler({ db, user, query }): Promise<{ itemId: string }> {
    const [row] = await db
      .delete(storageItems)
      .where(and(eq(storageItems.id, query.itemId), eq(storageItems.userId, user.id)))
      .returning();
    if (!row) throw new ApiError(404, ITEM_NOT_FOUND);
    // Bookings keep the upload id in their copy of the item, so its photo stays.
    return { itemId: row.id };
  },
});

export const ITEM_PHOTO_ADDED = "The item's photo has been added.";

export const itemPhoto = defineEndpoint({
  method: "POST",
  path: "/user/itemPhoto",
  auth: "required",
  answers: [404],
  summary:
    "Sets the photo of one of the caller's items (?itemId; multipart field `image`, a JPEG or PNG judged by its bytes, metadata removed); the photo it replaces goes.",
  tags: ["user"],
  bodyType: "multipart",
  maxBodyBytes: MAX_UPLOAD_BYTES,
  fileFields: [IMAGE_FIELD],
  query: z.strictObject({ itemId }),
  body: z.strictObject({}),
  message: ITEM_PHOTO_ADDED,
  async handler({ db, user, query, files }): Promise<StorageItem> {
    const [item] = await db
      .select()
      .from(storageItems)
      .where(and(eq(storageItems.id, query.itemId), eq(storageItems.userId, user.id)));
    if (!item) throw new ApiError(404, ITEM_NOT_FOUND);
    const photo = await storeImage(db, { ownerId: user.id, kind: "itemPhoto", file: imageFile(files) });
    const [row] = await db
      .update(storageItems)
      .set({ photoUploadId: photo.id })
      .where(eq(storageItems.id, item.id))
      .returning();
    if (!row) throw new ApiError(404, ITEM_NOT_FOUND);
    if (item.photoUploadId) {
      const replaced = await db.select().from(uploads).where(eq(uploads.id, item.photoUploadId));
      await removeUploads(db, replaced);
    }
    return toItem(row, photo);
  },
});

export const endpoints: Endpoint[] = [getItemList, addItem, editItem, deleteItem, itemPhoto];
