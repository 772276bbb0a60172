/**
 * The host's listings pages (plain TypeScript, safe in the browser bundle: a constant imported from a .server
 * module is undefined in the browser).
 */

/** my-storage-lists: the host's listings. */
export const MY_LISTINGS = "/spaces/my-storage-lists";

/** storage-list-form: the one-page edit of a published listing. */
export const EDIT_LISTING = "/spaces/storage-list-form";

export function editListingPath(spaceId: string): string {
  return `${EDIT_LISTING}?spaceId=${encodeURIComponent(spaceId)}`;
}

/** my-storage-lists on one tab. */
export function myListingsTab(status: "pending" | "active" | "inactive"): string {
  return `${MY_LISTINGS}?tab=${status}`;
}
