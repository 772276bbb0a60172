import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { notFoundMeta } from "~/components/landing/not-found";
import { SegmentPage } from "~/components/landing/segment-page";
import { loadSegmentPage } from "~/screens/landing.server";
import { pageMeta } from "~/utils/meta";
import { VISITOR_PAGE } from "~/utils/visitor-page";

export const handle = VISITOR_PAGE;

/** /storage/<segment>: a storage use case (app/content/solutions.ts); any other segment is Page-not-found. */
export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? pageMeta(data.segment.heading, data.segment.summary) : notFoundMeta();

export const loader = ({ request, params }: LoaderFunctionArgs) =>
  loadSegmentPage(request, "storage", params.segment);

export default function StorageSegment() {
  const { segment, pricing, others, cities } = useLoaderData<typeof loader>();
  return <SegmentPage segment={segment} pricing={pricing} others={others} cities={cities} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
