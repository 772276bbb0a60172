import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { missingSpace } from "~/api/space/missing-space.server";
import { ContactFields, PlaceFields, ThankYou } from "~/components/enquiries/enquiry-fields";
import { MISSING_SPACE_PATH } from "~/components/enquiries/paths";
import { ErrorList, SubmitButton, TextAreaField, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { cityPagePath } from "~/content/cities";
import { ENQUIRY_MESSAGE_MAX_LENGTH, SIZE_MAX_LENGTH } from "~/domain/enquiry";
import { MissingSpaceForm } from "~/domain/enquiry-rules.server";
import { SEARCH_PATH } from "~/domain/search";
import { SPACE_TYPE_LABELS } from "~/domain/vocabulary";
import { api } from "~/screens/api.server";
import { loadEnquiryPage, sentPath } from "~/screens/enquiries/enquiry-page.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import { makeToast } from "~/utils/toast";

/**
 * /search-space/missing-space: "Can't find a space?". A renter tells the operations team what they need (city,
 * type, size, budget) and how to reach them; POST /space/missingSpace stores it and e-mails the team. The search
 * and the city pages link here with `?storageType=…&city=…`, which prefill the form, as the profile prefills the
 * contact details. A sent form redirects to `?sent=1` with a success toast: the thank-you state. The trailing
 * underscore keeps this page out of the search page's layout.
 */
export const meta: MetaFunction = () =>
  pageMeta(
    "Can't find a space?",
    "Tell us the storage or parking space you need, where and for how much, and we will look for one for you.",
  );

const PATH = MISSING_SPACE_PATH;

type MissingSpaceFields = {
  storageType: string;
  city: string;
  size: string;
  budget?: string;
  name: string;
  email: string;
  phoneNumber?: string;
  message?: string;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, ...page } = await loadEnquiryPage(request);
  return data(page);
}

export async function action({ request }: ActionFunctionArgs) {
  const client = api(request);
  const submission = parseWithZod(await request.formData(), { schema: MissingSpaceForm });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.call(missingSpace, { body: submission.value });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast(sentPath(PATH, submission.value), makeToast("success", answer.message));
}

export default function MissingSpace() {
  const { cities, defaults, sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<MissingSpaceFields>({
    id: "missing-space",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldRevalidate: "onBlur",
  });
  const city = cities.find((option) => option.slug === defaults.city);
  const type = defaults.storageType;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 md:py-12">
      <h1 className="text-3xl font-bold">Can't find a space?</h1>
      <p className="mt-3 text-lg text-slate-700">
        Tell us what you need and where. Our team knows hosts who have not listed their space yet, and we will
        write to you when we find one that fits.
      </p>

      <div className="mt-8">
        {sent ? (
          <ThankYou title="Thank you, we are on it">
            <p>
              We have your request
              {type && city ? ` for ${SPACE_TYPE_LABELS[type].toLowerCase()} in ${city.name}` : ""} and will
              reply by e-mail, usually within two working days.
            </p>
            <ul className="list-disc space-y-1 pl-5">
              {type && city ? (
                <li>
                  <Link to={cityPagePath(type, city.slug)} className="text-brand-700 underline">
                    {SPACE_TYPE_LABELS[type]} in {city.name}
                  </Link>
                </li>
              ) : null}
              <li>
                <Link to={SEARCH_PATH} className="text-brand-700 underline">
                  Back to the search
                </Link>
              </li>
              <li>
                <Link to={PATH} className="text-brand-700 underline">
                  Send another request
                </Link>
              </li>
            </ul>
          </ThankYou>
        ) : (
          <Form
            method="post"
            {...getFormProps(form)}
            className="space-y-6 rounded-xl bg-white p-5 shadow-sm md:p-6"
          >
            <fieldset className="space-y-5">
              <legend className="text-lg font-semibold text-slate-900">What are you looking for?</legend>
              <PlaceFields
                storageType={fields.storageType}
                city={fields.city}
                cities={cities}
                typeLabel="I need"
                cityLabel="In"
              />
              <TextField
                field={fields.size}
                label="Size"
                hint={`In your own words, up to ${SIZE_MAX_LENGTH} characters: "3 × 3 m", "about 20 boxes", "one SUV".`}
              />
              <TextField
                field={fields.budget}
                label="Budget a month, in pesos (optional)"
                inputMode="numeric"
                hint="For example 2,500."
              />
            </fieldset>
            <ContactFields
              name={fields.name}
              email={fields.email}
              phoneNumber={fields.phoneNumber}
              phoneLabel="Your phone number (optional)"
            />
            <TextAreaField
              field={fields.message}
              label="Anything else we should know? (optional)"
              rows={4}
              maxLength={ENQUIRY_MESSAGE_MAX_LENGTH}
            />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton pending={isPending}>Send my request</SubmitButton>
          </Form>
        )}
      </div>
    </div>
  );
}
