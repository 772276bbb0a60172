import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LandingPage } from "~/components/landing/landing-page";
import { loadLandingPage } from "~/screens/landing.server";
import { pageMeta } from "~/utils/meta";
import { VISITOR_PAGE } from "~/utils/visitor-page";

export const handle = VISITOR_PAGE;

/** /storage: the storage landing page (docs/product.md, Screens and routes). */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data?.landing.heading ?? "Storage", data?.landing.lead);

export const loader = ({ request }: LoaderFunctionArgs) => loadLandingPage(request, "storage");

export default function StorageLanding() {
  const { landing, segments, cities } = useLoaderData<typeof loader>();
  return <LandingPage type="storage" landing={landing} segments={segments} cities={cities} />;
}
