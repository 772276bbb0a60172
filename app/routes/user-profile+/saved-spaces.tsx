import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { myShortListedSpace } from "~/api/space/favourites.server";
import { spaceCard } from "~/components/card-words";
import { FavouriteButton } from "~/components/favourite-button";
import { SpaceCard } from "~/components/space-card";
import { EmptyState } from "~/components/ui/empty-state";
import { displayUnit } from "~/domain/units";
import { requireProfile } from "~/screens/auth.server";
import { pageMeta } from "~/utils/meta";

/**
 * The saved-spaces page (the shortlist, in the profile menu): the user's saved spaces that are still active, from
 * GET /space/myShortListedSpace, newest saved first, each with its heart to remove it.
 */
export const meta: MetaFunction = () => pageMeta("Saved spaces", "The storage and parking spaces you saved.");

const PATH = "/user-profile/saved-spaces";

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile, client } = await requireProfile(request);
  const answer = await client.call(myShortListedSpace);
  const unit = displayUnit(profile.measurementUnit);
  return data({
    spaces: answer.ok ? answer.result.map((space) => spaceCard(space, unit)) : [],
    toast: answer.ok ? null : answer.toast,
  });
}

export default function SavedSpaces() {
  const { spaces } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-5xl px-4 py-8">
      <h1 className="text-2xl font-bold text-slate-900">Saved spaces</h1>
      {spaces.length === 0 ? (
        <EmptyState
          className="mt-6"
          testId="saved-empty"
          message="You have not saved any spaces yet. Press Save on a space you like to find it here later."
          action={{ to: "/search-space", label: "Find a space" }}
        />
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {spaces.map((space, index) => (
            <li key={space._id}>
              <SpaceCard space={space} eager={index === 0} headingLevel={2}>
                <FavouriteButton spaceId={space._id} saved returnTo={PATH} title={space.spaceTitle} />
              </SpaceCard>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
