/**
 * The home page's words, and what it links to on the landing pages. Kept apart from the landing pages' words
 * (./landing), which compute their examples from the pricing rules: the home page is the first page most visitors
 * load, and its JavaScript stays small.
 */
import type { SpaceType } from "~/domain/vocabulary";

/** One step of "how it works": its name and a sentence. */
export type Step = readonly [name: string, text: string];

/** The landing pages' titles and headings. */
export const LANDING_HEADINGS: { readonly [T in SpaceType]: string } = {
  storage: "Storage space for rent near you",
  parking: "Parking space for rent near you",
};

/** The landing page of a type of space: /storage or /parking. */
export function landingPath(type: SpaceType): string {
  return `/${type}`;
}

/** The home page's words beside its search: how it works for renters and for hosts, and the call to hosts. */
export const HOME: {
  renterSteps: readonly Step[];
  hostSteps: readonly Step[];
  hostCall: { title: string; text: string };
} = {
  renterSteps: [
    ["Search", "Choose storage or parking, your city and your budget; compare sizes, prices and reviews."],
    ["Ask and visit", "Chat with the host and schedule a visit before you decide."],
    ["Book and pay", "Reserve online and pay by card, GCash or Maya; your deposit is held safely."],
  ],
  hostSteps: [
    ["List it free", "Describe your room, garage or slot, add photos and set your price in a few minutes."],
    ["Approve renters", "You choose who rents your space and when they can move in."],
    ["Get paid", "Rent is paid out every week to your bank, GCash or Maya account."],
  ],
  hostCall: {
    title: "Have a spare room, garage or parking slot?",
    text: "Turn the space you do not use into monthly income.",
  },
};
