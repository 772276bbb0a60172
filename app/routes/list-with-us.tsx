import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { aboutListing } from "~/api/enquiry/about-listing.server";
import { ContactFields, PlaceFields, ThankYou } from "~/components/enquiries/enquiry-fields";
import { LIST_WITH_US_PATH } from "~/components/enquiries/paths";
import { Steps } from "~/components/landing/steps";
import { ErrorList, SubmitButton, TextAreaField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { LANDINGS } from "~/content/landing";
import { ENQUIRY_MESSAGE_MAX_LENGTH } from "~/domain/enquiry";
import { ListingEnquiryForm } from "~/domain/enquiry-rules.server";
import { api } from "~/screens/api.server";
import { loadEnquiryPage, sentPath } from "~/screens/enquiries/enquiry-page.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { PATHS } from "~/utils/menu";
import { pageMeta } from "~/utils/meta";
import { makeToast } from "~/utils/toast";

/**
 * /list-with-us: for prospective hosts. How hosting works, the way into the listing wizard, and — for those with
 * questions first — an enquiry to the operations team (POST /enquiry/aboutListing), prefilled from the query
 * string (`storageType`, `city`) and the profile. A sent form redirects to `?sent=1` with a success toast.
 */
export const meta: MetaFunction = () =>
  pageMeta(
    "List your space with us",
    "Earn from a spare room, garage, warehouse corner or parking slot. Listing is free; ask our team anything first.",
  );

const PATH = LIST_WITH_US_PATH;

type ListingEnquiryFields = {
  name: string;
  email: string;
  phoneNumber: string;
  storageType: string;
  city: string;
  message: string;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { client, ...page } = await loadEnquiryPage(request);
  return data(page);
}

export async function action({ request }: ActionFunctionArgs) {
  const client = api(request);
  const submission = parseWithZod(await request.formData(), { schema: ListingEnquiryForm });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.call(aboutListing, { body: submission.value });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast(sentPath(PATH, submission.value), makeToast("success", answer.message));
}

export default function ListWithUs() {
  const { cities, defaults, sent } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<ListingEnquiryFields>({
    id: "list-with-us",
    lastResult: actionData?.result,
    defaultValue: defaults,
    shouldRevalidate: "onBlur",
  });

  return (
    <>
      <section className="bg-brand-900 text-white">
        <div className="mx-auto max-w-6xl px-6 py-12">
          <h1 className="max-w-2xl text-3xl font-bold leading-tight md:text-4xl">List your space with us</h1>
          <p className="mt-4 max-w-2xl text-lg text-brand-100">
            A spare room, a garage, a warehouse corner or a parking slot you do not use can pay you every
            month. Listing is free, and you choose who rents it.
          </p>
          <Link
            to={PATHS.listSpace}
            className="mt-8 inline-block rounded-md bg-accent px-6 py-3 font-semibold text-slate-900 hover:bg-amber-400"
          >
            Start your listing
          </Link>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-10 px-6 py-12 md:grid-cols-[1fr_1.2fr]">
        <section aria-labelledby="hosting-heading" className="space-y-8">
          <h2 id="hosting-heading" className="text-2xl font-bold">
            How hosting works
          </h2>
          <Steps title="Storage" steps={LANDINGS.storage.hostSteps} />
          <Steps title="Parking" steps={LANDINGS.parking.hostSteps} />
        </section>

        <section aria-labelledby="enquiry-heading">
          <h2 id="enquiry-heading" className="text-2xl font-bold">
            Questions first? Talk to our team
          </h2>
          <p className="mt-2 text-slate-700">
            Tell us about your space and we will call or write to you: what to charge, what renters look for,
            and how to get started.
          </p>
          <div className="mt-6">
            {sent ? (
              <ThankYou title="Thank you, we will be in touch">
                <p>Our team will contact you soon, usually within two working days.</p>
                <p>
                  Ready now?{" "}
                  <Link to={PATHS.listSpace} className="text-brand-700 underline">
                    Start your listing
                  </Link>{" "}
                  — it takes a few minutes, and you can stop and continue later.
                </p>
              </ThankYou>
            ) : (
              <Form
                method="post"
                {...getFormProps(form)}
                className="space-y-6 rounded-xl bg-white p-5 shadow-sm"
              >
                <ContactFields
                  name={fields.name}
                  email={fields.email}
                  phoneNumber={fields.phoneNumber}
                  phoneLabel="Your phone number"
                />
                <fieldset className="space-y-5">
                  <legend className="text-lg font-semibold text-slate-900">Your space</legend>
                  <PlaceFields
                    storageType={fields.storageType}
                    city={fields.city}
                    cities={cities}
                    typeLabel="Kind of space"
                    cityLabel="City"
                  />
                  <TextAreaField
                    field={fields.message}
                    label="Tell us about it"
                    hint="Its size, where it is, when it is free, and anything you would like to ask."
                    rows={5}
                    maxLength={ENQUIRY_MESSAGE_MAX_LENGTH}
                  />
                </fieldset>
                <ErrorList id={form.errorId} errors={form.errors} />
                <SubmitButton pending={isPending}>Send to our team</SubmitButton>
              </Form>
            )}
          </div>
        </section>
      </div>
    </>
  );
}
