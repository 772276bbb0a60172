/** How a renter may pay (card, GCash or Maya: docs/product.md, Payments), by PayMongo's names. */
export const PAYMENT_METHODS = ["card", "gcash", "paymaya"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** A method as stored on a booking or payment; anything unknown (or none) reads as a card payment. */
export function storedPaymentMethod(value: string | null | undefined): PaymentMethod {
  return PAYMENT_METHODS.find((known) => known === value) ?? "card";
}

export const PAYMENT_METHOD_NAMES: Record<PaymentMethod, string> = {
  card: "Card",
  gcash: "GCash",
  paymaya: "Maya",
};
