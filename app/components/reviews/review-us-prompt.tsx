import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/**
 * "Review us" after a first completed booking: shown until the user answers it once, either way (hideGoogleR).
 * Plain forms, so it works without JavaScript.
 */
export function ReviewUsPrompt({ returnTo }: { returnTo: string }) {
  return (
    <Card as="section" aria-labelledby="review-us-title" className="mt-4 print:hidden">
      <h2 id="review-us-title" className="text-lg font-semibold text-slate-900">
        Enjoying Space Solution?
      </h2>
      <p className="mt-1 text-slate-700">
        A short review on Google helps other people in the Philippines find safe storage and parking.
      </p>
      <Form method="post" action="/user-profile/review-us" className="mt-3 flex flex-wrap gap-3">
        <input type="hidden" name="returnTo" value={returnTo} />
        <Button type="submit" name="intent" value="review" size="sm">
          Review us on Google
        </Button>
        <Button type="submit" name="intent" value="hide" size="sm" variant="secondary">
          No, thanks
        </Button>
      </Form>
    </Card>
  );
}
