import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { z } from "zod/v4";
import { addItem, deleteItem, itemPhoto } from "~/api/user/item-list.server";
import { ReservationLayout } from "~/components/reservation/reservation-layout";
import { ErrorList, SubmitButton, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { BodyTooLargeError, readFormWithin } from "~/infra/security.server";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { loadReservation, requireDates, saveReservationStep } from "~/screens/reservation.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { errorToast, makeToast } from "~/utils/toast";

/**
 * reserve-space/storage-item-list: what the renter will store, picked from their own list (GET /user/itemList),
 * which they add to or trim here; the booking keeps a copy of what is picked. Three forms, told apart by `intent`.
 */
export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta("What will you store?", "List the items you will keep in the space.");

export async function loader({ request }: LoaderFunctionArgs) {
  const { draft } = await loadReservation(request);
  requireDates(draft);
  return data({ draft });
}

const PHOTO_TOO_LARGE = "The photo is too large. Please choose one of at most 15 MB.";

const ItemForm = z.object({
  intent: z.literal("add"),
  name: z.string().optional(),
  quantity: z.string().optional(),
  notes: z.string().optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  let formData: FormData;
  try {
    formData = await readFormWithin(request);
  } catch (error) {
    if (!(error instanceof BodyTooLargeError)) throw error;
    return data({ result: undefined, toast: errorToast(PHOTO_TOO_LARGE) }, { status: 413 });
  }
  const intent = formData.get("intent");
  if (intent === "continue") {
    return saveReservationStep(
      request,
      formData,
      (form) => ({ itemIds: ([] as string[]).concat(form.itemIds ?? []) }),
      () => "message-for-keeper",
    );
  }
  const { client } = await requireProfile(request);
  // Done means a redirect back here, not a page: reloading what follows must not add (or remove) the item again.
  const here = new URL(request.url);
  const back = here.pathname + here.search;
  if (intent === "remove") {
    const answer = await client.call(deleteItem, { query: { itemId: String(formData.get("itemId") ?? "") } });
    if (!answer.ok) return data({ result: undefined, toast: answer.toast }, { status: answer.status });
    return redirectWithToast(back, makeToast("success", answer.message));
  }
  const submission = parseWithZod(formData, { schema: ItemForm });
  if (submission.status !== "success") return formFailure(submission);
  const { name = "", quantity = "", notes } = submission.value;
  const answer = await client.call(addItem, { body: { name, quantity: Number(quantity) || 0, notes } });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  const photo = formData.get("image");
  if (photo instanceof File && photo.size > 0) {
    const upload = new FormData();
    upload.append("image", photo, photo.name);
    const added = await client.call(itemPhoto, { query: { itemId: answer.result.itemId }, body: upload });
    // The item is on the list either way; a refused photo is said next to the photo field.
    if (!added.ok) return formFailure(submission, { failure: added });
  }
  return redirectWithToast(back, makeToast("success", answer.message));
}

export default function StorageItemList() {
  const { draft } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const pending = useIsPending();
  // A new form after each page the renter lands on: an item just added does not stay in the boxes to be added twice.
  const { key } = useLocation();
  const [form, fields] = useForm<{ name: string; quantity: string; notes: string }>({
    id: "add-item",
    lastResult: actionData?.result,
  });
  const imageErrors =
    (actionData?.result as { error?: Record<string, string[] | null> } | undefined)?.error?.image ??
    undefined;
  const picked = new Set(draft.values.itemIds ?? draft.items.map((item) => item.itemId));
  return (
    <ReservationLayout
      space={draft.space}
      title="What will you store?"
      intro="The host sees this list with your request. It is kept on your account for your next booking."
      quote={draft.quote}
      quoteMessage={draft.quoteMessage}
    >
      {draft.items.length === 0 ? (
        <p className="rounded-md bg-slate-100 p-4 text-slate-700">
          Your list is empty. Add the things you will store below, or continue without a list.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-md border border-slate-200 bg-white">
          {draft.items.map((item) => (
            <li key={item.itemId} className="flex items-center justify-between gap-3 p-3">
              <label className="flex items-start gap-3">
                {item.photoUrl ? (
                  <img
                    src={item.photoUrl}
                    alt=""
                    width={48}
                    height={48}
                    className="h-12 w-12 rounded object-cover"
                  />
                ) : null}
                <input
                  type="checkbox"
                  name="itemIds"
                  value={item.itemId}
                  form="items-continue"
                  defaultChecked={picked.has(item.itemId)}
                  className="mt-1 h-5 w-5"
                />
                <span>
                  <span className="font-semibold text-slate-900">{item.name}</span> × {item.quantity}
                  {item.notes ? <span className="block text-sm text-slate-600">{item.notes}</span> : null}
                </span>
              </label>
              <Form method="post">
                <input type="hidden" name="itemId" value={item.itemId} />
                <button
                  type="submit"
                  name="intent"
                  value="remove"
                  className="text-sm font-semibold text-red-700 underline"
                  aria-label={`Remove ${item.name}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}

      <Form
        key={key}
        method="post"
        encType="multipart/form-data"
        {...getFormProps(form)}
        className="mt-6 space-y-4 rounded-md border border-slate-200 p-4"
      >
        <h2 className="font-bold text-slate-900">Add an item</h2>
        <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <TextField field={fields.name} label="Item" />
          <TextField field={fields.quantity} label="How many" inputMode="numeric" />
        </div>
        <TextField field={fields.notes} label="Notes (optional)" />
        <div>
          <label htmlFor="item-photo" className="block text-sm font-semibold text-slate-800">
            Photo (optional)
          </label>
          <input
            id="item-photo"
            name="image"
            type="file"
            accept="image/jpeg,image/png,.jpg,.jpeg,.png"
            aria-invalid={imageErrors ? true : undefined}
            aria-describedby={imageErrors ? "item-photo-error" : undefined}
            className="mt-1 block w-full text-sm"
          />
          <ErrorList id="item-photo-error" errors={imageErrors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <button
          type="submit"
          name="intent"
          value="add"
          disabled={pending}
          className="rounded-md border border-brand-600 px-5 py-2.5 font-semibold text-brand-700 hover:bg-brand-50"
        >
          Add to my list
        </button>
      </Form>

      <Form method="post" id="items-continue" className="mt-6">
        <input type="hidden" name="intent" value="continue" />
        <SubmitButton pending={pending}>Continue</SubmitButton>
      </Form>
    </ReservationLayout>
  );
}
