/**
 * The help center's questions and answers (/info/help), for renters and for hosts. The numbers come from the
 * pricing rules (./policies). An answer may end with one link to the page that helps further.
 */
import {
  DEPOSIT_MINIMUM_MONTHS,
  DISCOUNT_MINIMUM_MONTHS,
  DISCOUNT_PERCENT,
  FEE_PERCENT,
  HOST_ANSWER_HOURS,
  monthsText,
  storageBookingExample,
} from "./policies";

export type Question = {
  /** The anchor: /info/help#<id>. */
  id: string;
  question: string;
  answer: readonly string[];
  link?: { to: string; label: string };
};

export type QuestionGroup = { id: string; title: string; questions: readonly Question[] };

const example = storageBookingExample();

export const HELP_GROUPS: readonly QuestionGroup[] = [
  {
    id: "renters",
    title: "For renters",
    questions: [
      {
        id: "find-a-space",
        question: "How do I find a space?",
        answer: [
          "Search for storage or parking in your city, then compare listings by size, price, access and reviews. Open a listing to see its photos, its location on the map and the price for the dates you need.",
        ],
        link: { to: "/search-space", label: "Find a space" },
      },
      {
        id: "visit-first",
        question: "Can I see the space before I book?",
        answer: [
          "Yes. Use “Ask for a visit” on the listing to propose a date and time; the host confirms it in your messages. We recommend a visit for any booking longer than a month.",
        ],
      },
      {
        id: "what-you-pay",
        question: "What do I pay when I book?",
        answer: [
          `The first month's price, a deposit if the host asks for one, and a Space Solution fee of ${FEE_PERCENT} of the first month. When the host offers the first-month discount and you book ${monthsText(DISCOUNT_MINIMUM_MONTHS)} or more, ${DISCOUNT_PERCENT} of the first month comes off, and the fee is counted after the discount. A voucher or coupon comes off the total.`,
          `For example, ${monthsText(example.months)} of storage at ${example.monthlyPrice} a month, with the discount and a deposit: ${example.firstMonthPrice} first month − ${example.firstMonthDiscount} discount + ${example.deposit} deposit + ${example.fee} fee = ${example.due} due at booking. The following months are billed on the same day each month.`,
        ],
        link: { to: "/policies#fees", label: "Fees and payments" },
      },
      {
        id: "how-to-pay",
        question: "How can I pay?",
        answer: [
          "By credit or debit card, GCash or Maya. Your bills and receipts are under Bills; monthly rent is billed automatically on the day your booking started.",
        ],
      },
      {
        id: "after-request",
        question: "What happens after I send a booking request?",
        answer: [
          `The host has ${HOST_ANSWER_HOURS} hours to accept or decline. If the host declines, or does not answer in time or before your start date, the request ends and everything you paid is refunded.`,
        ],
      },
      {
        id: "cancel",
        question: "Can I cancel a booking?",
        answer: [
          "Before your start date, yes: cancel it from the booking's page and everything you paid is refunded. Once the booking has started, ask the host for an earlier end date (a termination) or a later one (an extension) from the same page.",
        ],
        link: { to: "/policies#cancellation", label: "Cancellation policy" },
      },
      {
        id: "deposit",
        question: "How does the deposit work?",
        answer: [
          `Hosts may ask for a deposit of one month's price on storage bookings of ${monthsText(DEPOSIT_MINIMUM_MONTHS.storage)} or more and on parking bookings of ${monthsText(DEPOSIT_MINIMUM_MONTHS.parking)} or more. Space Solution, not the host, holds it. After you move out, you and the host go through the move-out checklist and the deposit is returned; if the host reports damage, the claim goes through the resolution center.`,
        ],
        link: { to: "/policies#deposits", label: "Deposit policy" },
      },
      {
        id: "not-allowed",
        question: "What can I not store?",
        answer: [
          "Anything illegal, firearms and explosives, fuel, gas tanks and other flammable or hazardous materials, live animals, and food that can spoil (unless the space is cold storage meant for it). Hosts may list other rules on their listing.",
        ],
        link: { to: "/policies#terms", label: "Terms of use" },
      },
    ],
  },
  {
    id: "hosts",
    title: "For hosts",
    questions: [
      {
        id: "list-a-space",
        question: "How do I list my space?",
        answer: [
          "Choose “List a space” and follow the steps: the address and its pin on the map, the kind of space, its size, photos, how often renters can get in, and your price. Your progress is saved at every step, so you can finish later on any device. Listing is free.",
        ],
        link: { to: "/list-your-space/location", label: "List a space" },
      },
      {
        id: "host-fees",
        question: "What does hosting cost?",
        answer: [
          `Nothing to list. Renters pay the Space Solution fee of ${FEE_PERCENT} of the first month when they book, on top of your price.`,
        ],
      },
      {
        id: "accepting",
        question: "Do I have to accept every request?",
        answer: [
          `No, you choose who rents your space. Answer each request within ${HOST_ANSWER_HOURS} hours: after that it expires and the renter is refunded.`,
        ],
      },
      {
        id: "getting-paid",
        question: "How do I get paid?",
        answer: [
          "Set a bank account, GCash or Paymaya number in your payout settings. Each paid month's rent becomes payable 48 hours after the month starts, and what is payable is paid out every Monday. Your earnings and payouts are on the Bills page, under Earnings.",
        ],
      },
      {
        id: "deposit-and-discount",
        question: "Should I ask for a deposit or offer a discount?",
        answer: [
          `Both are your choice. A deposit of one month's price covers damage on longer bookings; Space Solution holds it for you. The first-month discount takes ${DISCOUNT_PERCENT} off the first month of bookings of ${monthsText(DISCOUNT_MINIMUM_MONTHS)} or more, which attracts renters who stay long.`,
        ],
      },
      {
        id: "verification",
        question: "Why should I verify my identity?",
        answer: [
          "Renters trust verified hosts more, and some renters only book with them. Verification takes a few minutes from your profile: confirm your phone number and check your ID.",
        ],
        link: { to: "/user-profile/profile-persona-verification", label: "Verify your identity" },
      },
    ],
  },
];
