import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LandingPage } from "~/components/landing/landing-page";
import { LANDINGS } from "~/content/landing";
import { loadCities } from "~/screens/cities.server";
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
