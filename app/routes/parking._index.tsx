import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LandingPage } from "~/components/landing/landing-page";
import { loadLandingPage } from "~/screens/landing.server";
import { pageMeta } from "~/utils/meta";
import { VISITOR_PAGE } from "~/utils/visitor-page";

export const handle = VISITOR_PAGE;

/** /parking: the parking landing page (docs/product.md, Screens and routes). */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.landing.heading ?? "Parking", data?.landing.lead);

export const loader = ({ request }: LoaderFunctionArgs) => loadLandingPage(request, "parking");

export default function ParkingLanding() {
  const { landing, segments, cities } = useLoaderData<typeof loader>();
  return <LandingPage type="parking" landing={landing} segments={segments} cities={cities} />;
}
