import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { notFound, notFoundMeta } from "~/components/landing/not-found";
import { SegmentPage } from "~/components/landing/segment-page";
import { findSegment } from "~/content/solutions";
import { loadCities } from "~/screens/cities.server";
import { pageMeta } from "~/utils/meta";

/** /storage/<segment>: a storage use case (app/content/solutions.ts); any other segment is Page-not-found. */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? pageMeta(data.segment.heading, data.segment.summary) : notFoundMeta();

export async function loader({ request, params }: LoaderFunctionArgs) {
  const segment = findSegment("storage", params.segment);
  if (!segment) notFound();
  const { cities, toast } = await loadCities(request);
  return data({ segment, cities, toast });
}

export default function StorageSegment() {
  const { segment, cities } = useLoaderData<typeof loader>();
  return <SegmentPage segment={segment} cities={cities} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
