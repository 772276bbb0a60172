import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod/v4";
import { editProfile } from "~/api/user/profile.server";
import { Card, ProfilePage } from "~/components/profile-form";
import { ErrorList, SelectField, SubmitButton, TextAreaField, TextField } from "~/components/ui/field";
import { useIsPending } from "~/components/ui/use-is-pending";
import { GENDER_OPTIONS } from "~/domain/profile-options";
import { EditAccountFormSchema } from "~/domain/profile-rules.server";
import { requireProfile } from "~/screens/auth.server";
import { formFailure } from "~/screens/form.server";
import { redirectWithToast } from "~/screens/toast.server";
import { pageMeta } from "~/utils/meta";
import type { ShellHandle } from "~/utils/shell";
import { makeToast } from "~/utils/toast";

export const handle: ShellHandle = { hideBottomMenu: true };

export const meta: MetaFunction = () =>
  pageMeta(
    "Edit account info",
    "Change your name, nickname, birth date, gender, about me and mobile number.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  const { profile } = await requireProfile(request);
  return {
    firstName: profile.firstName,
    middleName: profile.middleName,
    lastName: profile.lastName,
    suffix: profile.suffix,
    nickName: profile.nickName,
    dob: profile.dob,
    gender: profile.gender,
    aboutMe: profile.aboutMe,
    phoneNumber: profile.phoneNumber,
    phoneVerified: profile.phoneVerified,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { client } = await requireProfile(request);
  const submission = parseWithZod(await request.formData(), { schema: EditAccountFormSchema });
  if (submission.status !== "success") return formFailure(submission);
  const answer = await client.call(editProfile, { body: submission.value });
  if (!answer.ok) return formFailure(submission, { failure: answer });
  return redirectWithToast("/user-profile/user-profile-menu", makeToast("success", answer.message));
}

export default function EditAccountInfo() {
  const saved = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const isPending = useIsPending();
  const [form, fields] = useForm<z.input<typeof EditAccountFormSchema>>({
    id: "edit-account",
    lastResult: actionData?.result,
    defaultValue: saved,
  });
  return (
    <ProfilePage
      title="Edit account info"
      intro="Your nickname, photo and about me are what other users see."
    >
      <Card>
        <Form method="post" {...getFormProps(form)} className="space-y-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              field={fields.firstName}
              label="First name"
              autoComplete="given-name"
              keyFilter="label"
            />
            <TextField
              field={fields.middleName}
              label="Middle name (optional)"
              autoComplete="additional-name"
              keyFilter="label"
            />
            <TextField
              field={fields.lastName}
              label="Last name"
              autoComplete="family-name"
              keyFilter="label"
            />
            <TextField
              field={fields.suffix}
              label="Suffix (optional)"
              autoComplete="honorific-suffix"
              hint="Jr., Sr., III"
            />
          </div>
          <TextField
            field={fields.nickName}
            label="Nickname"
            autoComplete="nickname"
            keyFilter="label"
            hint="What other users see. Letters, digits, spaces, hyphens and underscores."
          />
          <TextField field={fields.dob} label="Birth date" type="date" autoComplete="bday" />
          <SelectField
            field={fields.gender}
            label="Gender (optional)"
            placeholder="Choose one"
            options={GENDER_OPTIONS}
          />
          <TextAreaField
            field={fields.aboutMe}
            label="About me (optional)"
            hint="A few words for hosts and renters: up to 1000 characters."
            maxLength={1000}
          />
          <TextField
            field={fields.phoneNumber}
            label="Mobile number"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            hint={
              saved.phoneVerified
                ? "Confirmed. A new number has to be confirmed again."
                : "For example 0917 123 4567."
            }
          />
          <ErrorList id={form.errorId} errors={form.errors} />
          <SubmitButton pending={isPending}>Save changes</SubmitButton>
        </Form>
      </Card>
    </ProfilePage>
  );
}
