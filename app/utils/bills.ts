/** The Bills screen's tabs (`?tab=`): what the renter has to pay, and what they paid, with the receipts. */
export const BILL_TABS = ["due", "paid"] as const;
export type BillTab = (typeof BILL_TABS)[number];
