import { type LoaderFunctionArgs, redirect } from "@remix-run/node";

/**
 * "Ask for a visit" from a listing or the reservation steps (docs/product.md, Screens and routes: reserve-space
 * ask-for-visit): the request form lives on messages/schedule-a-visit, with the viewing it becomes, so this address
 * leads there with the space.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const spaceId = new URL(request.url).searchParams.get("spaceId") ?? "";
  return redirect(`/messages/schedule-a-visit?${new URLSearchParams({ spaceId })}`);
}
