import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isDevInboxOpen } from "~/infra/dev-inbox.server";
import { isSmsSink, listSunkSms } from "~/infra/sms.server";
import { pageMeta } from "~/utils/meta";

/**
 * The development SMS sink: every text message the app would have sent, newest first. It exists only while no
 * SMS_GATEWAY_URL is configured (development, tests, a first `npm start`); with a real gateway it is a 404;
 * and only for a browser on the server's own machine while PUBLIC_URL is unset (isDevInboxOpen): it shows reset
 * links and codes. Anyone else gets a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isSmsSink() || !isDevInboxOpen(request, context)) throw new Response("Not found", { status: 404 });
  // `?to=` narrows the list to one number: on a busy server a message can be older than the latest 50.
  const to = new URL(request.url).searchParams.get("to")?.trim();
  const all = await listSunkSms();
  return { messages: (to ? all.filter((sms) => sms.to === to) : all).slice(0, 50) };
}

export const meta: MetaFunction = () =>
  pageMeta("SMS sink (development)", "Text messages the app wrote to DATA_DIR/sms.");

export default function SmsSink() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-6 py-10">
      <h1 className="text-2xl font-bold">SMS sink</h1>
      <p className="mt-2 text-slate-700">
        Development only: no SMS gateway is configured, so text messages are written to{" "}
        <code>DATA_DIR/sms</code> instead of being sent.
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-md bg-white p-6 text-slate-700">No text messages yet.</p>
      ) : (
        <ol className="mt-8 space-y-4">
          {messages.map((sms) => (
            <li key={sms.file} className="rounded-lg bg-white p-5 shadow-sm" data-testid="sunk-sms">
              <h2 className="font-semibold">
                To <span data-testid="sunk-sms-to">{sms.to}</span>
              </h2>
              <p className="text-sm text-slate-600">{sms.date}</p>
              <p className="mt-3 whitespace-pre-wrap break-words text-slate-800" data-testid="sunk-sms-text">
                {sms.text}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
