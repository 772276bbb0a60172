import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { CityPage, cityPageMeta } from "~/components/city-page/city-page";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { loadCityPage } from "~/screens/city-page.server";
import { VISITOR_PAGE } from "~/utils/visitor-page";

export const handle = VISITOR_PAGE;

/** /storage-city/{city}: the storage page of a city (app/components/city-page); an unknown city is Page-not-found. */
export const meta: MetaFunction<typeof loader> = ({ data }) => cityPageMeta({ data });

export function loader({ request, params }: LoaderFunctionArgs) {
  return loadCityPage(request, "storage", params.city);
}

export default function StorageCity() {
  return <CityPage />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
