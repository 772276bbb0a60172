import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod/v4";
import { checkReport, report } from "~/api/user/reports.server";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { RadioGroupField } from "~/components/listing-wizard/choice-fields";
import { Card } from "~/components/ui/card";
import { ErrorList, SubmitButton, TextAreaField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { ReportFields } from "~/domain/report-rules";
import {
  REPORT_KIND_LABELS,
  REPORT_KINDS,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type ReportKind,
} from "~/domain/reports";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import { safeRedirect } from "~/utils/redirect";
import { makeToast } from "~/utils/toast";

/**
 * /report/:kind/:id?returnTo= (ADR 0070): report a listing, a user, a message or a review
 * with a reason and a note, in a plain form that works without JavaScript. Reached from the "Report" links beside what
 * can be reported; after sending, back to that page with a thank-you toast. Logged-out visitors log in first.
 */
export const meta: MetaFunction = () => pageMeta("Report", "Tell our trust team about a problem.");

/** The report form's fields: the kind and the id come from the address, the rest from the person. */
const ReportForm = ReportFields.extend({ returnTo: z.string().optional() });

function kindOf(params: LoaderFunctionArgs["params"]): ReportKind {
  const kind = REPORT_KINDS.find((known) => known === params.kind);
  if (!kind || !params.id) throw new Response("Not found", { status: 404 });
  return kind;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const kind = kindOf(params);
  const { client } = await requireProfile(request);
  const returnTo = safeRedirect(new URL(request.url).searchParams.get("returnTo"), "/");
  // Asked before the person writes: someone else's thing they cannot see is not found here either, and oneself or a
  // second report is said at once, back on the page they came from.
  const allowed = await client.call(checkReport, { query: { kind, targetId: params.id ?? "" } });
  if (!allowed.ok && allowed.status === 404) throw new Response("Not found", { status: 404 });
  if (!allowed.ok) throw await redirectWithToast(returnTo, allowed.toast);
  return data({ kind, returnTo });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const kind = kindOf(params);
  const { client } = await requireProfile(request);
  const submission = parseWithZod(await request.formData(), { schema: ReportForm });
  if (submission.status !== "success") return formFailure(submission);
  const { returnTo, ...fields } = submission.value;
  const answer = await client.call(report, { body: { kind, targetId: params.id ?? "", ...fields } });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast(safeRedirect(returnTo, "/"), makeToast("success", answer.message));
}

const REASON_CHOICES = REPORT_REASONS.map((reason) => ({
  value: reason,
  label: REPORT_REASON_LABELS[reason],
}));

export default function Report() {
  const { kind, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm<{ reason: string; note: string; returnTo: string }>({
    id: "report",
    lastResult: actionData?.result,
  });
  const what = REPORT_KIND_LABELS[kind];
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-6 md:py-10">
      <Link to={returnTo} className="text-sm font-semibold text-brand-700 underline">
        ← Back
      </Link>
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Report this {what}</h1>
      <p className="mt-1 text-slate-700">
        Tell our trust team what is wrong. They look at every report, and the person you report is not told
        who sent it.
      </p>
      <Card padding="lg" className="mt-4">
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <input type="hidden" name={fields.returnTo.name} value={returnTo} />
          <RadioGroupField
            field={fields.reason}
            legend="Why are you reporting it?"
            choices={REASON_CHOICES}
          />
          <TextAreaField
            field={fields.note}
            label="A note for our team (optional)"
            hint={`What happened? Up to ${REPORT_NOTE_MAX_LENGTH.toLocaleString("en-PH")} characters.`}
            rows={4}
            maxLength={REPORT_NOTE_MAX_LENGTH}
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton pending={pending}>{pending ? "Sending…" : "Send report"}</SubmitButton>
        </Form>
      </Card>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
