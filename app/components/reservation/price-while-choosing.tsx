import { useFetcher } from "@remix-run/react";
import type { FormEvent } from "react";
import type { BookingQuote } from "~/api/reserve/booking-quotes.server";
import { Button } from "~/components/ui/button";
import { useHydrated } from "~/components/ui/use-hydrated";

type Priced = { quote: BookingQuote | null; quoteMessage: string | null };

/**
 * The price of a reserve-space step's choice as soon as it is made, before Continue saves it. With JavaScript, every
 * change of the step's form asks the step's own loader (a GET of the form, which prices without saving) and the
 * answer replaces the price shown; the form's fields stay as typed. Without JavaScript, SeeThePrice does the same GET
 * as a page load.
 */
export function usePriceWhileChoosing(saved: Priced) {
  const fetcher = useFetcher<{ draft: Priced }>();
  const priced = fetcher.data?.draft ?? saved;
  return {
    quote: priced.quote,
    quoteMessage: priced.quoteMessage,
    onChange: (event: FormEvent<HTMLFormElement>) => fetcher.submit(event.currentTarget, { method: "get" }),
  };
}

/**
 * "See the price": the step's form sent as a GET, so the page comes back with the price of what is typed (and the
 * fields as typed) without saving it. Only without JavaScript, where the price cannot follow the fields by itself.
 * The form needs its `spaceId` as a field, since a GET form replaces the address's query with its fields.
 */
export function SeeThePrice() {
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <Button type="submit" formMethod="get" variant="secondary" size="lg" fullWidth>
      See the price
    </Button>
  );
}
