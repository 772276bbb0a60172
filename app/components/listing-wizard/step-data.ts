import type { z } from "zod/v4";
import type { STEP_RULES } from "~/domain/listing-rules.server";
import type { ListingStep, SpaceView } from "~/domain/space";

/**
 * Small pieces of data the steps' loaders hand their screens (plain TypeScript, safe in the browser bundle).
 */

/** What a step's form holds, for `useForm<StepFormInput<"location">>` (a type only: zod stays on the server). */
export type StepFormInput<S extends ListingStep> = z.input<(typeof STEP_RULES)[S]["form"]>;

/** What ListingStepLayout needs of the draft (the progress list), so a loader does not send the whole listing. */
export type StepFrame = Pick<SpaceView, "_id" | "storageType" | "completedSteps">;

export function stepFrame(space: SpaceView): StepFrame;
export function stepFrame(space: SpaceView | null): StepFrame | null;
export function stepFrame(space: SpaceView | null): StepFrame | null {
  return space
    ? { _id: space._id, storageType: space.storageType, completedSteps: space.completedSteps }
    : null;
}

/** A city of GET /user/cityList as the location and pin steps use it. */
export type CityCentre = {
  name: string;
  slug: string;
  province: string;
  latitude: number;
  longitude: number;
  barangays: string[];
};

/**
 * A number for a prefilled input: at most `digits` decimals, without trailing zeros (2 m in feet is 6.5617, and
 * 6.5617 ft saved again is 2.0000 m to the 4th decimal), or "" for none.
 */
export function inputNumber(value: number | null | undefined, digits = 4): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "";
  return String(Number(value.toFixed(digits)));
}
