import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LandingPage } from "~/components/landing/landing-page";
import { loadCities } from "~/content/cities.server";
import { LANDINGS } from "~/content/landing";
import { pageMeta } from "~/utils/meta";

/** /storage: the storage landing page (spec §2). */
export const meta: MetaFunction = () => pageMeta(LANDINGS.storage.heading, LANDINGS.storage.lead);

export async function loader({ request }: LoaderFunctionArgs) {
  const { cities, toast } = await loadCities(request);
  return data({ cities, toast });
}

export default function StorageLanding() {
  const { cities } = useLoaderData<typeof loader>();
  return <LandingPage type="storage" cities={cities} />;
}
