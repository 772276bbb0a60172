import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import {
  DEPOSIT_MINIMUM_MONTHS,
  DISCOUNT_MINIMUM_MONTHS,
  DISCOUNT_PERCENT,
  endDateExample,
  FEE_PERCENT,
  HOST_ANSWER_HOURS,
  longDate,
  monthsText,
  POLICIES_UPDATED,
  storageBookingExample,
} from "~/content/policies";
import { getEnv } from "~/env.server";
import { pageMeta } from "~/utils/meta";

/**
 * /policies: the terms of use, the privacy policy (Data Privacy Act of 2012, RA 10173) and the booking,
 * cancellation, deposit and fee policies, as sections with anchors and a table of contents. The numbers come from
 * the pricing rules (app/content/policies.ts).
 */
export const meta: MetaFunction = () =>
  pageMeta(
    "Terms and policies",
    "Space Solution's terms of use, privacy policy under the Data Privacy Act of 2012, and the booking, cancellation, deposit and fee policies.",
  );

const SECTIONS = [
  { id: "terms", title: "Terms of use" },
  { id: "bookings", title: "Booking requests" },
  { id: "cancellation", title: "Cancellation and refunds" },
  { id: "deposits", title: "Deposits" },
  { id: "fees", title: "Fees and payments" },
  { id: "privacy", title: "Privacy policy" },
] as const;

type SectionId = (typeof SECTIONS)[number]["id"];

export function loader() {
  return { supportEmail: getEnv().SUPPORT_EMAIL };
}

export default function Policies() {
  const { supportEmail } = useLoaderData<typeof loader>();
  const example = storageBookingExample();
  const endDate = endDateExample();
  return (
    <div className="mx-auto max-w-3xl px-6 py-12">
      <h1 className="text-3xl font-bold">Terms and policies</h1>
      <p className="mt-3 text-slate-700">
        The rules that keep Space Solution fair and safe for renters and hosts. Last updated{" "}
        <time dateTime={POLICIES_UPDATED}>{longDate(POLICIES_UPDATED)}</time>.
      </p>

      <nav aria-labelledby="toc-heading" className="mt-8 rounded-xl border border-slate-200 bg-white p-5">
        <h2 id="toc-heading" className="font-semibold">
          Contents
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5">
          {SECTIONS.map(({ id, title }) => (
            <li key={id}>
              <a href={`#${id}`} className="text-brand-700 underline">
                {title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      <Section id="terms">
        <p>
          Space Solution is an online marketplace where hosts in the Philippines list storage and parking
          space and renters book it. By creating an account or booking or listing a space you agree to these
          terms. Space Solution is not a party to the rental between a host and a renter, but it runs the
          booking, payment and deposit process described below.
        </p>
        <h3>Your account</h3>
        <ul>
          <li>You must be at least 18 years old and give true details about yourself.</li>
          <li>Keep your password to yourself; you are responsible for what is done with your account.</li>
          <li>One person, one account. We may suspend accounts that break these terms or the law.</li>
        </ul>
        <h3>Hosts</h3>
        <ul>
          <li>
            List only space you have the right to rent out (as its owner, or with the owner’s or the
            condominium corporation’s permission).
          </li>
          <li>
            Describe the space honestly: its size, photos, access and any rules must match what renters find.
          </li>
          <li>Keep the space as described for the whole booking and let the renter in as agreed.</li>
          <li>You are responsible for declaring your rental income and paying the taxes on it.</li>
        </ul>
        <h3>Renters</h3>
        <ul>
          <li>Use the space only for what you booked it for, and follow the host’s access rules.</li>
          <li>
            Do not store anything illegal, firearms, ammunition or explosives, fuel, gas tanks or other
            flammable or hazardous materials, live animals, or food that can spoil (unless the space is cold
            storage meant for it). Do not live or sleep in a storage space.
          </li>
          <li>Leave the space as you found it when the booking ends.</li>
          <li>
            Your things are your responsibility. Space Solution does not insure them; consider your own
            insurance for valuable items.
          </li>
        </ul>
        <h3>Everyone</h3>
        <ul>
          <li>
            Book and pay through Space Solution. Payments made outside the platform are not covered by these
            policies, by the deposit protection or by the resolution center.
          </li>
          <li>Be respectful in messages and reviews; reviews must be about a real booking.</li>
          <li>
            Disputes about a booking go first to the{" "}
            <Link to="/user-profile/resolution-center">resolution center</Link>. These terms are governed by
            the laws of the Republic of the Philippines.
          </li>
        </ul>
      </Section>

      <Section id="bookings">
        <p>
          A renter books by choosing the dates (and, for parking, the days of the week) and paying what is
          due. That makes a booking request. The host then has {HOST_ANSWER_HOURS} hours to accept or decline
          it.
        </p>
        <ul>
          <li>Accepted: the booking is confirmed and starts on its start date.</li>
          <li>
            Declined, not answered within {HOST_ANSWER_HOURS} hours, or not answered before the start date:
            the request ends and the renter is refunded in full.
          </li>
          <li>
            A booking of whole months ends the day before the same date in its last month: one month from{" "}
            {endDate.start} ends on {endDate.end}. Each following month is billed on the same day of the
            month.
          </li>
          <li>
            An extension or an earlier end (termination) of a running booking is asked for from the booking’s
            page and agreed by both sides; the monthly bills follow the new end date.
          </li>
        </ul>
      </Section>

      <Section id="cancellation">
        <ul>
          <li>
            Before the host answers, or after the host accepts but before the start date, a renter may cancel
            from the booking’s page. Everything paid for the booking — the first month, any deposit and the
            Space Solution fee — is refunded to the original payment method.
          </li>
          <li>
            If a host cancels an accepted booking, the renter is refunded in full; hosts who cancel repeatedly
            may have their listings removed.
          </li>
          <li>
            Once a booking has started it cannot be cancelled; it can end early by a termination agreed with
            the host. Months already billed are not refunded, except through the resolution center when the
            space was not as described or could not be used.
          </li>
          <li>
            Refunds go back to the payment method used; a card refund can take a few banking days to appear.
          </li>
        </ul>
      </Section>

      <Section id="deposits">
        <p>
          A host may ask for a deposit of one month’s price. It applies to storage bookings of{" "}
          {monthsText(DEPOSIT_MINIMUM_MONTHS.storage)} or more and to parking bookings of{" "}
          {monthsText(DEPOSIT_MINIMUM_MONTHS.parking)} or more, and is paid with the first month.
        </p>
        <ul>
          <li>Space Solution holds the deposit for the whole booking; the host does not receive it.</li>
          <li>
            When the booking ends, the renter and the host go through the move-out checklist. When it is
            complete and the host reports no damage, the deposit is returned to the renter.
          </li>
          <li>
            A host who finds damage or missing items must file a claim in the resolution center, with photos,
            before the checklist is completed. Space Solution reviews both sides and decides how much of the
            deposit goes to the host.
          </li>
          <li>A deposit is never used to pay rent.</li>
        </ul>
      </Section>

      <Section id="fees">
        <ul>
          <li>Listing a space is free.</li>
          <li>
            At booking the renter pays the first month’s price, the deposit when there is one, and the Space
            Solution fee of {FEE_PERCENT} of the first month’s price after any first-month discount. Vouchers
            and coupons come off the total.
          </li>
          <li>
            Hosts may offer a first-month discount: {DISCOUNT_PERCENT} of one month’s price off the first
            month of bookings of {monthsText(DISCOUNT_MINIMUM_MONTHS)} or more.
          </li>
          <li>
            For example, {monthsText(example.months)} of storage at {example.monthlyPrice} a month with the
            discount and a deposit: {example.firstMonthPrice} − {example.firstMonthDiscount} +{" "}
            {example.deposit} deposit + {example.fee} fee = <strong>{example.due}</strong> due at booking.
          </li>
          <li>
            The following months are billed on the same day of each month. Renters pay by card, GCash or Maya;
            prices are in Philippine pesos (₱).
          </li>
          <li>
            Hosts earn each paid month's rent 48 hours after the month starts, and are paid every Monday to
            the bank account, GCash or Paymaya number in their payout settings. Deposits are held by Space
            Solution.
          </li>
        </ul>
      </Section>

      <Section id="privacy">
        <p>
          Space Solution processes personal data in line with the Data Privacy Act of 2012 (Republic Act No.
          10173), its implementing rules and the issuances of the National Privacy Commission (NPC).
        </p>
        <h3>What we collect</h3>
        <ul>
          <li>
            Account details: your name, e-mail address, phone number, date of birth, address, photo, and how
            you signed up (e-mail, Google or Facebook).
          </li>
          <li>
            Identity checks: the results of your phone confirmation and ID verification, when you choose to
            verify.
          </li>
          <li>
            Listings, bookings, messages, reviews, feedback and resolution cases, with the photos you upload.
          </li>
          <li>
            Payment and payout details: payments go through our payment providers, who keep your card details;
            we keep your payout bank account, GCash or Paymaya number.
          </li>
          <li>
            Technical data: the cookies that keep you logged in and show messages after a form, and server
            logs with your IP address, used for security.
          </li>
        </ul>
        <h3>Why we use it</h3>
        <ul>
          <li>To run your account and your bookings, take payments, pay hosts and hold deposits.</li>
          <li>
            To let renters and hosts reach each other, and to send you the notices you chose (e-mail, SMS).
          </li>
          <li>To keep the platform safe: verifying identities, preventing fraud and settling disputes.</li>
          <li>To meet our legal obligations, such as tax and accounting records.</li>
        </ul>
        <h3>Who we share it with</h3>
        <ul>
          <li>
            The other side of a booking sees your name, photo, reviews and the messages you send; a renter
            sees the space’s address.
          </li>
          <li>
            Service providers that work for us under data-sharing or outsourcing agreements: payment, identity
            verification, e-mail, SMS and hosting providers.
          </li>
          <li>Government authorities, when the law requires it.</li>
        </ul>
        <p>We do not sell your personal data.</p>
        <h3>How long we keep it</h3>
        <p>
          As long as your account is open, and after that only as long as the law requires (for example, tax
          records) or a dispute needs it. Then it is deleted or made anonymous.
        </p>
        <h3>Your rights</h3>
        <p>
          Under the Data Privacy Act you have the right to be informed, to access your data, to object, to
          have it corrected, to have it erased or blocked, to data portability, and to damages. You can
          correct most of your details yourself in your account settings. If you think your data has been
          mishandled, you may file a complaint with the National Privacy Commission.
        </p>
        <h3>Contact our Data Protection Officer</h3>
        <p>
          Write to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with the subject “Data privacy”, or
          use <Link to="/user-profile/give-feed-back">Give feedback</Link> when logged in.
        </p>
      </Section>

      <p className="mt-12 text-slate-700">
        Questions? See the{" "}
        <Link to="/info/help" className="text-brand-700 underline">
          help center
        </Link>
        .
      </p>
    </div>
  );
}

/** A policy section: its heading from {@link SECTIONS}, an anchor, and prose styles for its content. */
function Section({ id, children }: { id: SectionId; children: ReactNode }) {
  const index = SECTIONS.findIndex((section) => section.id === id);
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      className="mt-12 scroll-mt-20 space-y-4 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-5"
    >
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-slate-900">
        {index + 1}. {SECTIONS[index]?.title}
      </h2>
      {children}
    </section>
  );
}
