import { and, desc, eq } from "drizzle-orm";
import { z } from "zod/v4";
import { favouriteSpaces, spaces } from "~/db/schema";
import type { SpaceCardView } from "~/domain/space";
import { defineEndpoint, type Endpoint } from "../endpoint";
import { notWithdrawn } from "./listed.server";
import { findActiveSpace, spaceId } from "./listing-page-queries.server";
import { toSpaceCards } from "./space-views.server";

/**
 * A renter's saved spaces (the shortlist): POST /space/addRemoveSpaceToFav saves or unsaves one, GET
 * /space/myShortListedSpace lists them. The screens' client caches the list for 180 s and drops it after a toggle
 * (app/screens/api-cache.server.ts).
 */

/** The most saved spaces the shortlist shows. */
export const SHORTLIST_LIMIT = 200;
export const SHORTLIST_UPDATED = "Your saved spaces have been updated.";

export const myShortListedSpace = defineEndpoint({
  method: "GET",
  path: "/space/myShortListedSpace",
  auth: "required",
  cache: true,
  summary: `The user's saved spaces that are still active, as cards, the most recently saved first (at most ${SHORTLIST_LIMIT}).`,
  async handler({ db, user }): Promise<SpaceCardView[]> {
    const rows = await db
      .select({ space: spaces })
      .from(favouriteSpaces)
      .innerJoin(spaces, eq(spaces.id, favouriteSpaces.spaceId))
      .where(and(eq(favouriteSpaces.userId, user.id), eq(spaces.status, "active"), notWithdrawn()))
      .orderBy(desc(favouriteSpaces.createdAt), desc(favouriteSpaces.spaceId))
      .limit(SHORTLIST_LIMIT);
    const saved = rows.map((row) => row.space);
    return toSpaceCards(db, saved, new Set(saved.map((space) => space.id)));
  },
});

export const addRemoveSpaceToFav = defineEndpoint({
  method: "POST",
  path: "/space/addRemoveSpaceToFav",
  auth: "required",
  answers: [404],
  invalidates: [myShortListedSpace],
  summary:
    "Saves an active space to the user's shortlist, or removes it when it is saved (a toggle). With `favourite` " +
    "the call sets that state instead of toggling, so a form sent twice does not undo itself.",
  message: SHORTLIST_UPDATED,
  body: z.strictObject({
    spaceId,
    favourite: z
      .preprocess(
        (value) => (value === "true" ? true : value === "false" ? false : value),
        z.boolean({ error: "favourite must be true or false." }),
      )
      .optional(),
  }),
  async handler({ db, body, user }) {
    const mine = and(eq(favouriteSpaces.userId, user.id), eq(favouriteSpaces.spaceId, body.spaceId));
    const [saved] = await db.select({ spaceId: favouriteSpaces.spaceId }).from(favouriteSpaces).where(mine);
    const wanted = body.favourite ?? !saved;
    if (wanted && !saved) {
      // Only an active space can be saved; removing works whatever has become of it.
      await findActiveSpace(db, body.spaceId);
      await db
        .insert(favouriteSpaces)
        .values({ userId: user.id, spaceId: body.spaceId })
        .onConflictDoNothing();
    } else if (!wanted && saved) {
      await db.delete(favouriteSpaces).where(mine);
    }
    return { spaceId: body.spaceId, favouriteSpace: wanted };
  },
});

export const endpoints: Endpoint[] = [addRemoveSpaceToFav, myShortListedSpace];
