import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApiRequest } from "~/api/router.server";

/** The JSON API mount: every /api/* call goes to the declared endpoints (app/api). */
export function loader({ request }: LoaderFunctionArgs) {
  return handleApiRequest(request);
}

export function action({ request }: ActionFunctionArgs) {
  return handleApiRequest(request);
}
