import { getFormProps, useForm } from "@conform-to/react";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { ReservationLayout } from "~/components/reservation/reservation-layout";
import { ErrorList, SubmitButton, TextAreaField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { MAX_MESSAGE_LENGTH } from "~/domain/reservation";
import { loadReservation, requireDates, saveReservationStep } from "~/screens/reservation.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";

/** reserve-space/message-for-keeper: a note for the host with the request (optional). */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () => pageMeta("Message for the host", "Tell the host about your booking.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { draft } = await loadReservation(request);
  requireDates(draft);
  return data({ draft });
}

export async function action({ request }: ActionFunctionArgs) {
  return saveReservationStep(
    request,
    await request.formData(),
    (form) => ({ messageForKeeper: String(form.messageForKeeper ?? "") }),
    () => "payment-method",
  );
}

export default function MessageForKeeper() {
  const { draft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  const [form, fields] = useForm<{ messageForKeeper: string }>({
    id: "message-for-keeper",
    lastResult: actionData?.result,
    defaultValue: { messageForKeeper: draft.values.messageForKeeper ?? "" },
  });
  return (
    <ReservationLayout
      space={draft.space}
      title="A message for the host"
      intro="When will you move in, and what should the host know? You can leave this empty."
      quote={draft.quote}
      quoteMessage={draft.quoteMessage}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-5">
        <TextAreaField
          field={fields.messageForKeeper}
          label="Your message (optional)"
          hint={`Up to ${MAX_MESSAGE_LENGTH} characters.`}
          maxLength={MAX_MESSAGE_LENGTH}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton pending={pending}>Continue</SubmitButton>
      </Form>
    </ReservationLayout>
  );
}
