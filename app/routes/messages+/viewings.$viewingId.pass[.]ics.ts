import type { LoaderFunctionArgs } from "@remix-run/node";
import { gatePassPath, viewing } from "~/api/conversations/viewings.server";
import { publicOrigin } from "~/env.server";
import { requireProfile } from "~/screens/auth.server";
import { viewingCalendar } from "~/screens/gate-pass.server";

/** A confirmed viewing as an iCalendar file, for either of its two people. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { client } = await requireProfile(request);
  const viewingId = params.viewingId ?? "";
  const answer = await client.call(viewing, { query: { viewingId } });
  if (!answer.ok || !answer.result.pass)
    return new Response("This viewing has no gate pass.", {
      status: 404,
      headers: { "Content-Type": "text/plain" },
    });
  const passUrl = new URL(gatePassPath(viewingId), publicOrigin(request)).href;
  return new Response(viewingCalendar(answer.result, passUrl), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `attachment; filename="viewing-${answer.result.pass.passNumber}.ics"`,
      "Cache-Control": "private, no-store",
    },
  });
}
