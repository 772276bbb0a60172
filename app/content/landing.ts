/**
 * The words of the two landing pages, /storage and /parking, one object per type of space. The numbers come from
 * the pricing rules (./policies), so the pages say what a booking really costs.
 */
import type { SpaceType } from "~/domain/vocabulary";
import { LANDING_HEADINGS, type Step } from "./home";
import {
  DEPOSIT_MINIMUM_MONTHS,
  DISCOUNT_MINIMUM_MONTHS,
  DISCOUNT_PERCENT,
  FEE_PERCENT,
  HOST_ANSWER_HOURS,
  monthsText,
  shortStayExample,
  weekdayParkingExample,
} from "./policies";

export type Landing = {
  /** The page's title and heading. */
  heading: string;
  /** The meta description and the hero's lead. */
  lead: string;
  /** "What is …" paragraphs. */
  about: { title: string; paragraphs: readonly string[] };
  renterSteps: readonly Step[];
  hostSteps: readonly Step[];
  /** How the price is made up. */
  pricing: readonly string[];
  /** The call to hosts at the bottom. */
  hostCall: { title: string; text: string };
};

const shortStay = shortStayExample();
const weekdayParking = weekdayParkingExample();

export const LANDINGS: { readonly [T in SpaceType]: Landing } = {
  storage: {
    heading: LANDING_HEADINGS.storage,
    lead: "Rent a spare room, garage, shelf or warehouse corner from a host in your city — for household things, business stock or balikbayan boxes, by the month or for a few days.",
    about: {
      title: "Storage, the neighbourly way",
      paragraphs: [
        "Space Solution connects people who need room for their things with people who have room to spare. Hosts across the Philippines list the space they do not use — a spare room, an empty apartment, a garage, a container or part of a warehouse — and renters book it online.",
        "Because the space is close to home, getting to your things is easy, and because hosts set their own prices, storage often costs less than a self-storage facility. Every listing shows its size, its price, how often you can get to your things, and reviews from earlier renters.",
      ],
    },
    renterSteps: [
      ["Search", "Pick your city and compare sizes, prices, access hours and reviews."],
      ["Ask and visit", "Message the host and schedule a visit to see the space before you decide."],
      [
        "Book and pay",
        `Send a booking request and pay by card, GCash or Maya. The host answers within ${HOST_ANSWER_HOURS} hours, or you get your money back.`,
      ],
      ["Move in", "Bring your things on your start date; monthly rent is billed on the same day each month."],
    ],
    hostSteps: [
      [
        "List it free",
        "Describe the space, add photos and its size, and set a price for the whole space or per unit.",
      ],
      ["Choose your renters", "Chat with renters, welcome visits and accept only the bookings you want."],
      ["Get paid", "Rent is paid out every week to your bank, GCash or Paymaya account."],
    ],
    pricing: [
      "Hosts price a space by the month: for the entire space, or per square meter, cubic meter or pallet, so you pay only for what you use.",
      `Short stays are charged by the day: at ${shortStay.monthlyPrice} a month, ${shortStay.days} days cost ${shortStay.price}.`,
      `Book ${monthsText(DISCOUNT_MINIMUM_MONTHS)} or more and many hosts take ${DISCOUNT_PERCENT} off your first month.`,
      `A host may ask for a deposit of one month's rent on bookings of ${monthsText(DEPOSIT_MINIMUM_MONTHS.storage)} or more; Space Solution holds it and returns it after you move out.`,
      `At booking you pay the first month, any deposit, and a Space Solution fee of ${FEE_PERCENT} of the first month.`,
    ],
    hostCall: {
      title: "Have a spare room, garage or warehouse corner?",
      text: "Listing is free. Turn the space you do not use into monthly income, and choose who rents it.",
    },
  },
  parking: {
    heading: LANDING_HEADINGS.parking,
    lead: "Rent a parking slot at a condo, office, home garage or private lot near where you live or work — every day of the month, or only on the days you drive.",
    about: {
      title: "A slot of your own",
      paragraphs: [
        "Parking in the city is hard to find and easy to lose. On Space Solution, condo owners, offices, shops and households rent out the parking slots they are not using, so you can have one that is yours, near your home or your work.",
        "Each listing shows the kind of parking, the vehicle size it fits, its access rules and its price, with reviews from earlier renters. You book online, and the host tells you how to get in.",
      ],
    },
    renterSteps: [
      ["Search", "Pick your city and compare slots by location, vehicle size, access and price."],
      [
        "Ask and visit",
        "Message the host about access, stickers or cards, and see the slot before you decide.",
      ],
      [
        "Choose your days",
        "Book every day of the month, or only the weekdays you need; the price follows the days you choose.",
      ],
      [
        "Book and pay",
        `Pay by card, GCash or Maya. The host answers within ${HOST_ANSWER_HOURS} hours, or you get your money back.`,
      ],
    ],
    hostSteps: [
      [
        "List it free",
        "Describe the slot, the vehicle size it fits and how renters get in, and set your price.",
      ],
      ["Choose your renters", "Accept only the bookings that suit you, for the days that suit you."],
      ["Get paid", "Rent is paid out every week to your bank, GCash or Paymaya account."],
    ],
    pricing: [
      "Every day of the week: you pay the listing's monthly price.",
      `Only some days: you pay the daily price for each chosen day in the month — Monday to Friday at ${weekdayParking.dailyPrice} a day can be ${weekdayParking.days} days, ${weekdayParking.price}.`,
      `Book ${monthsText(DISCOUNT_MINIMUM_MONTHS)} or more and many hosts take ${DISCOUNT_PERCENT} off your first month.`,
      `A host may ask for a deposit of one month's rent, from ${monthsText(DEPOSIT_MINIMUM_MONTHS.parking)}; Space Solution holds it and returns it after you move out.`,
      `At booking you pay the first month, any deposit, and a Space Solution fee of ${FEE_PERCENT} of the first month.`,
    ],
    hostCall: {
      title: "Have a parking slot you do not use?",
      text: "Listing is free. Rent your slot out by the month or on the days you are away, and choose who parks there.",
    },
  },
};
