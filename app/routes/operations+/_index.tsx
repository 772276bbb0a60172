import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { renderSVG } from "uqr";
import { consoleSignIn, consoleSignOut } from "~/api/operations/console.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ConsoleShell, consoleHandle } from "~/components/operations/console-shell";
import { ActionMessage, buttonClass, inputClass } from "~/components/operations/fields";
import { CONSOLE_HOME, consoleOrNotFound, text } from "~/screens/operations.server";
import { redirectWithToast } from "~/screens/toast.server";
import { makeToast } from "~/utils/toast";

/**
 * /operations: the operator console's door (docs/operations.md, ADR 0062). An operator logged in to the site enrols
 * an authenticator app the first time (a QR code, shown until its first code), then types its code to open the
 * console for this session; inside, the queues their role may open. Everyone else gets the 404 page.
 */
export const handle = consoleHandle;

export const meta: MetaFunction = () => [
  { title: "Operations | Space Solution" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { state } = await consoleOrNotFound(request);
  const enrolment = state.enrolment
    ? { secret: state.enrolment.secret, qr: renderSVG(state.enrolment.uri, { ecc: "M", border: 2 }) }
    : null;
  return data(
    { stage: state.stage, email: state.email, role: state.role, queues: state.queues, enrolment },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await consoleOrNotFound(request);
  const form = await request.formData();
  if (text(form, "intent") === "signOut") {
    await client.call(consoleSignOut);
    return redirectWithToast("/", makeToast("success", "You left the console."));
  }
  const answer = await client.call(consoleSignIn, { body: { code: text(form, "code") } });
  if (!answer.ok) return data({ message: answer.message, toast: answer.toast }, { status: answer.status });
  throw redirect(CONSOLE_HOME);
}

export default function OperationsHome() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (loaded.stage === "in") {
    return (
      <ConsoleShell state={loaded} title="Operations">
        <p className="text-slate-700">
          Choose a queue. Every action you take is written to the audit log with your note.
        </p>
        <ul className="mt-4 list-disc pl-6">
          {loaded.queues.map((queue) => (
            <li key={queue.key}>
              <Link to={queue.path} className="font-semibold text-brand-700 underline">
                {queue.label}
              </Link>
            </li>
          ))}
        </ul>
      </ConsoleShell>
    );
  }
  return (
    <section className="mx-auto w-full max-w-md px-4 py-10">
      <h1 className="text-2xl font-bold text-slate-900">Operations sign-in</h1>
      <p className="mt-2 text-slate-700">Signed in as {loaded.email}.</p>
      {loaded.enrolment ? (
        <div className="mt-4">
          <p className="text-slate-700">
            Scan this code with your authenticator app (or type the key below), then type the 6-digit code it
            shows. The key is shown only until your first code.
          </p>
          <div
            className="mx-auto mt-4 w-56"
            role="img"
            aria-label="QR code for your authenticator app"
            // The SVG is drawn by uqr from our own otpauth address: no user input reaches it.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: uqr's SVG of our own address
            dangerouslySetInnerHTML={{ __html: loaded.enrolment.qr }}
          />
          <p className="mt-3 break-all text-center font-mono text-sm" data-testid="totp-secret">
            {loaded.enrolment.secret}
          </p>
        </div>
      ) : (
        <p className="mt-4 text-slate-700">Type the 6-digit code your authenticator app shows.</p>
      )}
      <Form method="post" className="mt-4 flex flex-col gap-3">
        <label htmlFor="code" className="font-semibold text-slate-900">
          Code
        </label>
        <input
          id="code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          className={inputClass}
        />
        <ActionMessage message={actionData?.message} />
        <button type="submit" className={buttonClass}>
          Sign in to the console
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
