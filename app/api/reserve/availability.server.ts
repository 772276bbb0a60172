import { z } from "zod/v4";
import { publish } from "~/domain/listing-draft";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { fieldError } from "../envelope";
import { ownListing, SpaceIdSchema } from "../space/space-steps.server";
import { changeListing } from "../space/spaces.server";

/** A host activates or deactivates their listing (the /reserve calls). */

const AVAILABILITY_MESSAGE = "newAvailable must be Active or Inactive.";

export const setAvailability = defineEndpoint({
  method: "POST",
  path: "/reserve/setAvailability/{id}",
  auth: "required",
  answers: [403, 404],
  summary:
    'Activates ("Active" or true) or deactivates ("Inactive" or false) the caller\'s listing. Activating needs it publishable (400 with [{ step, message }]); a draft that was never published cannot be deactivated. Answers the SpaceView.',
  tags: ["spaces"],
  params: z.strictObject({ id: SpaceIdSchema }),
  body: z.strictObject({
    newAvailable: z.union(
      [z.boolean(), z.enum(["Active", "Inactive", "active", "inactive", "true", "false"])],
      { error: AVAILABILITY_MESSAGE },
    ),
  }),
  message: "Your listing's availability has been updated.",
  async handler({ db, user, params, body }) {
    const row = await ownListing(db, user, params.id);
    const activate =
      body.newAvailable === true || ["Active", "active", "true"].includes(String(body.newAvailable));
    return changeListing(db, user.id, row, async (_tx, draft) => {
      if (activate) return publish(draft);
      if (draft.values.status === "pending")
        throw fieldError("newAvailable", "This listing is not published yet: finish and publish it first.");
      draft.values.status = "inactive";
    });
  },
});

export const endpoints: Endpoint[] = [setAvailability];
