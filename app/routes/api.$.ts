import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApiRequest } from "~/api/router.server";

/**
 * The JSON API mount: every /api/* call goes to the declared endpoints (app/api), with the caller's address as the
 * HTTP server worked it out, for the API's per-address limits.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  return handleApiRequest(request, { clientAddress: context?.clientAddress });
}

export function action({ request, context }: ActionFunctionArgs) {
  return handleApiRequest(request, { clientAddress: context?.clientAddress });
}
