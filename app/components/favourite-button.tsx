import { Form, useNavigation } from "@remix-run/react";

/** Where the favourite forms post (app/routes/favourites.tsx). */
export const FAVOURITES_ACTION = "/favourites";

/**
 * The heart that saves a space to the shortlist or removes it: a POST form (it works without JavaScript) to
 * /favourites, which sends the user back to `returnTo` — or, for a visitor, to the login page and then back.
 * The form says the state it wants, so sending it twice does not undo it. While it is on its way, the heart
 * already shows the new state.
 */
export function FavouriteButton({
  spaceId,
  saved,
  returnTo,
  title,
  className = "",
}: {
  spaceId: string;
  saved: boolean;
  /** A path on this site to come back to (the page the heart is on). */
  returnTo: string;
  /** The space's title, for the button's accessible name. */
  title?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const pending =
    navigation.formAction === FAVOURITES_ACTION && navigation.formData?.get("spaceId") === spaceId
      ? navigation.formData.get("favourite") === "true"
      : null;
  const shown = pending ?? saved;
  return (
    <Form method="post" action={FAVOURITES_ACTION} preventScrollReset className={className}>
      <input type="hidden" name="spaceId" value={spaceId} />
      <input type="hidden" name="favourite" value={String(!saved)} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <button
        type="submit"
        className="inline-flex items-center gap-1.5 rounded-full border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50"
      >
        <svg
          viewBox="0 0 24 24"
          className={`h-5 w-5 ${shown ? "fill-red-600 text-red-600" : "fill-none text-slate-700"}`}
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
          aria-hidden="true"
          focusable="false"
        >
          <path d="M12 21s-7.5-4.6-9.5-9.2C1.2 8.6 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.4h2C13.8 6.1 15.2 5 17.2 5c3.5 0 5.6 3.6 4.3 6.8C19.5 16.4 12 21 12 21z" />
        </svg>
        {shown ? "Saved" : "Save"}
        <span className="sr-only">
          {shown ? " (press to remove from your saved spaces)" : " to your saved spaces"}
          {title ? `: ${title}` : ""}
        </span>
      </button>
    </Form>
  );
}
