import type { LoaderFunctionArgs } from "@remix-run/node";
import { consolePayoutExport } from "~/api/operations/money.server";
import { requireConsole, resultOrNotFound } from "~/screens/operations.server";

/**
 * A payout batch's CSV as a download (docs/operations.md, Payouts): the file the operator hands the bank. A resource
 * route: the console's call checks the role and writes who took the file.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { client } = await requireConsole(request);
  const batchId = new URL(request.url).searchParams.get("batchId") ?? "";
  const { filename, csv } = resultOrNotFound(await client.call(consolePayoutExport, { query: { batchId } }));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
    },
  });
}
