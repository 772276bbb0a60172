import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LandingPage } from "~/components/landing/landing-page";
import { loadLandingPage } from "~/screens/landing.server";
import { KEEP_RENDERED } from "~/utils/kept-render";
import { pageMeta } from "~/utils/meta";

export const handle = KEEP_RENDERED;

/** /parking: the parking landing page (spec §2). */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.landing.heading ?? "Parking", data?.landing.lead);

export const loader = ({ request }: LoaderFunctionArgs) => loadLandingPage(request, "parking");

export default function ParkingLanding() {
  const { landing, segments, cities } = useLoaderData<typeof loader>();
  return <LandingPage type="parking" landing={landing} segments={segments} cities={cities} />;
}
