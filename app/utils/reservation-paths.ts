/** The reserve-space screens (docs/product.md, Screens and routes), in the order a renter meets them. */
export type ReservationStep =
  | "storage"
  | "parking"
  | "parking-selected-days"
  | "storage-item-list"
  | "message-for-keeper"
  | "payment-method";

export function reservationPath(step: ReservationStep, spaceId: string): string {
  return `/reserve-space/${step}?${new URLSearchParams({ spaceId })}`;
}

/** After the dates: storage picks its items, parking goes on to the message. */
export function afterDates(type: "storage" | "parking"): ReservationStep {
  return type === "storage" ? "storage-item-list" : "message-for-keeper";
}
