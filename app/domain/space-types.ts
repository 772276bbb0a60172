/**
 * The two types of space, part of the product's vocabularies (./vocabulary re-exports them). They have a module of
 * their own because pages that name only the type (the home page, the search forms) need not download the rest.
 */

/** What a listing rents out: storage space or a parking slot (the product's `storageType`). */
export const SPACE_TYPES = ["storage", "parking"] as const;
/** A listing's `storageType`. */
export type SpaceType = (typeof SPACE_TYPES)[number];

/** Labels for {@link SPACE_TYPES}. */
export const SPACE_TYPE_LABELS: { readonly [K in SpaceType]: string } = {
  storage: "Storage",
  parking: "Parking",
};

/**
 * The type of a listing whose `storageType` may not be chosen yet (a draft made before the type step): storage, the
 * listing wizard's first offer. Every page and call reads an unset type through this one rule.
 */
export function spaceTypeOf(space: { storageType?: SpaceType | null }): SpaceType {
  return space.storageType ?? "storage";
}
