import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { isbot } from "isbot";
import { aboutSpace } from "~/api/enquiry/about-space.server";
import { getSpaceReviews } from "~/api/rating/reviews.server";
import { checkBooking } from "~/api/reserve/bookings.server";
import { spaceView, viewSpaceBrief } from "~/api/space/listing-page.server";
import { getAvailableSpace } from "~/api/space/spaces.server";
import { viewUserProfile } from "~/api/user/user.server";
import { STATE_WORDS } from "~/components/bookings/booking-words";
import { notFound } from "~/components/landing/not-found";
import { hostCardWords } from "~/components/listing/host-card-words";
import { listingReviewsWords } from "~/components/reviews/review-words";
import { publicOrigin } from "~/env.server";
import { hasSessionCookie } from "~/infra/session.server";
import { api } from "~/screens/api.server";
import { formFailure } from "~/screens/form.server";
import { listingPageView } from "~/screens/listing/listing-page.server";
import { ASK_INTENT, questionFormSchema } from "~/screens/listing/question-form.server";
import { makeToast } from "~/utils/toast";

/** The listing page's data (see the route's comment): the listing, its reviews, the visitor's open booking of it. */
export async function loadListingPage({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const client = api(request);
  const spaceId = params.id ?? "";
  const [brief, profile, reviews] = await Promise.all([
    client.call(viewSpaceBrief, { query: { spaceId } }),
    hasSessionCookie(request) ? client.call(viewUserProfile) : null,
    client.call(getSpaceReviews, { query: { spaceId } }),
  ]);
  if (!brief.ok) {
    if (brief.status === 404 || brief.status === 400) notFound();
    throw new Response(brief.message, { status: brief.status });
  }
  const space = brief.result;
  if (url.pathname !== space.path) {
    throw redirect(`${space.path}${url.search}`, { status: 301 });
  }

  // A view counts once per visitor per day (the API sets the visitor cookie); not the host's, nor a crawler's.
  if (!space.isOwner && space.status === "active" && !isbot(request.headers.get("User-Agent") ?? "")) {
    await client.call(spaceView, { body: { spaceId: space._id } });
  }

  // A renter with an open booking of this space sees it instead of a second Reserve.
  const mine =
    profile?.ok && !space.isOwner ? await client.call(checkBooking, { params: { id: space._id } }) : null;
  const openBooking = mine?.ok ? mine.result.booking : null;

  const from = url.searchParams.get("from") ?? "";
  const availability = from
    ? await client.call(getAvailableSpace, { query: { spaceId: space._id, startDate: from } })
    : null;

  const origin = publicOrigin(request);
  // The reviews and the host card come in words, so the page's JavaScript needs no date formats or rating rules.
  const spaceReviews = reviews.ok ? reviews.result : null;
  return data({
    space,
    reviews: spaceReviews
      ? listingReviewsWords(spaceReviews, profile?.ok ? profile.result.userId : null)
      : null,
    host: hostCardWords(space.host, spaceReviews),
    ...listingPageView(space, {
      search: url.searchParams,
      measurementUnit: profile?.ok ? profile.result.measurementUnit : null,
      origin,
    }),
    loggedIn: Boolean(profile?.ok),
    openBooking: openBooking
      ? { bookingId: openBooking.bookingId, state: STATE_WORDS[openBooking.state].renter }
      : null,
    from,
    availability: availability
      ? availability.ok
        ? { ok: true as const, result: availability.result }
        : { ok: false as const, message: availability.message }
      : null,
    returnTo: `${url.pathname}${url.search}`,
    canonicalUrl: `${origin}${space.path}`,
  });
}

/** A question about the listing, sent to its host as a conversation. */
export async function askAboutListing({ request, params }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("intent") !== ASK_INTENT) throw new Response("Unknown form.", { status: 400 });
  const client = api(request);
  // A session that has ended sends the user home with the session-expired toast (docs/product.md, Session end and
  // redirects).
  const profile = hasSessionCookie(request) ? await client.call(viewUserProfile) : null;
  const submission = parseWithZod(form, { schema: questionFormSchema(Boolean(profile?.ok)) });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.call(aboutSpace, { body: { spaceId: params.id ?? "", ...submission.value } });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return data({
    result: submission.reply({ resetForm: true }),
    toast: makeToast("success", answer.message),
    sent: true,
    conversationId: answer.result.conversationId,
  });
}
