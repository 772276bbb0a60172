import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { isDevInboxOpen } from "~/infra/dev-inbox.server";
import { isMailSink, listSunkMail } from "~/infra/mail.server";
import { pageMeta } from "~/utils/meta";

/**
 * The development mail sink: every message the app would have sent, newest first (the latest 50; `?to=` for one
 * address's). It exists only while no
 * SMTP_URL is configured (development, tests, a first `npm start`); with real e-mail it is a 404;
 * and only for a browser on the server's own machine while PUBLIC_URL is unset (isDevInboxOpen): it shows reset
 * links and codes. Anyone else gets a 404.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (!isMailSink() || !isDevInboxOpen(request, context)) throw new Response("Not found", { status: 404 });
  // `?to=` narrows the list to one address: on a busy server a message can be older than the latest 50.
  const to = new URL(request.url).searchParams.get("to")?.trim().toLowerCase();
  const all = await listSunkMail();
  return { messages: (to ? all.filter((mail) => mail.to.toLowerCase() === to) : all).slice(0, 50) };
}

export const meta: MetaFunction = () =>
  pageMeta("Mail sink (development)", "E-mail the app wrote to DATA_DIR/mail.");

export default function MailSink() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <section className="mx-auto max-w-3xl px-6 py-10">
      <h1 className="text-2xl font-bold">Mail sink</h1>
      <p className="mt-2 text-slate-700">
        Development only: no SMTP server is configured, so e-mail is written to <code>DATA_DIR/mail</code>{" "}
        instead of being sent.
      </p>
      {messages.length === 0 ? (
        <p className="mt-8 rounded-md bg-white p-6 text-slate-700">No e-mail yet.</p>
      ) : (
        <ol className="mt-8 space-y-4">
          {messages.map((mail) => (
            <li key={mail.file} className="rounded-lg bg-white p-5 shadow-sm" data-testid="sunk-mail">
              <h2 className="font-semibold">{mail.subject}</h2>
              <p className="text-sm text-slate-600">
                To <span data-testid="sunk-mail-to">{mail.to}</span> · {mail.date}
              </p>
              <pre className="mt-3 whitespace-pre-wrap break-words font-sans text-sm text-slate-800">
                <Linkified text={mail.text} />
              </pre>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** Shows the message's links as links, so a reset link can be followed from here. */
function Linkified({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <>
      {parts.map((part, index) =>
        /^https?:\/\//.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text never move
          <a key={index} href={part} className="text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}
