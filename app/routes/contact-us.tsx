import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { HoneypotInputs } from "remix-utils/honeypot/react";
import { contactUs } from "~/api/contact/contact-us.server";
import { viewUserProfile } from "~/api/user/user.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { Card } from "~/components/ui/card";
import { ErrorList, SelectField, SubmitButton, TextAreaField, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { CONTACT_SENT, CONTACT_TOPIC_LABELS, CONTACT_TOPICS } from "~/domain/contact";
import { ENQUIRY_MESSAGE_MAX_LENGTH } from "~/domain/enquiry";
import { ContactUsBody } from "~/domain/enquiry-rules.server";
import { hasSessionCookie } from "~/infra/session.server";
import { api } from "~/screens/api.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import { makeToast } from "~/utils/toast";

/**
 * Contact us: name, e-mail, topic and message to the support team (POST /api/contact-us), for visitors and users
 * alike, in a plain form that works without JavaScript; a logged-in user's name and e-mail are filled in. A hidden
 * honeypot field (remix-utils' HoneypotInputs) catches form-filling bots, and the API limits how many messages one
 * caller sends. The acknowledgement is a toast on the page the form redirects back to.
 */
export const meta: MetaFunction = () =>
  pageMeta("Contact us", "Write to the Space Solution support team. We answer by e-mail.");

/** The honeypot's field (HoneypotInputs' default name): people never see it, bots fill it in. */
const HONEYPOT_FIELD = "name__confirm";
const PATH = "/contact-us";

export async function loader({ request }: LoaderFunctionArgs) {
  const profile = hasSessionCookie(request) ? await api(request).call(viewUserProfile) : null;
  return data({
    name: profile?.ok ? [profile.result.firstName, profile.result.lastName].join(" ") : "",
    email: profile?.ok ? profile.result.email : "",
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  // A filled honeypot is a bot: it gets the same thanks as a person, and nothing is stored or sent.
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap !== "")
    return redirectWithToast(PATH, makeToast("success", CONTACT_SENT));
  form.delete(HONEYPOT_FIELD);
  const submission = parseWithZod(form, { schema: ContactUsBody });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await api(request).call(contactUs, { body: submission.value });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast(PATH, makeToast("success", answer.message));
}

const TOPIC_OPTIONS = CONTACT_TOPICS.map((topic) => ({ value: topic, label: CONTACT_TOPIC_LABELS[topic] }));

export default function ContactUs() {
  const prefill = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm<{ name: string; email: string; topic: string; message: string }>({
    id: "contact-us",
    lastResult: actionData?.result,
    defaultValue: prefill,
  });
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6 md:py-10">
      <h1 className="text-2xl font-bold text-slate-900">Contact us</h1>
      <p className="mt-1 text-slate-700">
        Questions about a booking, a payment or listing your space? Write to our support team and we will
        answer by e-mail. For a problem with a booking you can also use the{" "}
        <Link to="/user-profile/resolution-center" className="font-semibold text-brand-700 underline">
          resolution center
        </Link>
        , and our{" "}
        <Link to="/info/help" className="font-semibold text-brand-700 underline">
          help center
        </Link>{" "}
        may already have the answer.
      </p>
      <Card padding="lg" className="mt-4">
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <HoneypotInputs label="Please leave this field empty" />
          <TextField field={fields.name} label="Your name" autoComplete="name" />
          <TextField
            field={fields.email}
            label="Your e-mail"
            type="email"
            autoComplete="email"
            inputMode="email"
          />
          <SelectField
            field={fields.topic}
            label="What is it about?"
            placeholder="Choose a topic"
            options={TOPIC_OPTIONS}
          />
          <TextAreaField
            field={fields.message}
            label="Your message"
            hint={`Up to ${ENQUIRY_MESSAGE_MAX_LENGTH.toLocaleString("en-PH")} characters.`}
            rows={6}
            maxLength={ENQUIRY_MESSAGE_MAX_LENGTH}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton pending={pending}>{pending ? "Sending…" : "Send message"}</SubmitButton>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
