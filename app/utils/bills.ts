/** The Bills screen's tabs (`?tab=`): what the renter has to pay, and what they paid, with the receipts. */
export const BILL_TABS = ["due", "paid"] as const;
export type BillTab = (typeof BILL_TABS)[number];

/** The Bills screen also has a host's earnings tab: earned, payable, paid out, and each payout. */
export const BILLS_SCREEN_TABS = [...BILL_TABS, "earnings"] as const;
export type BillsScreenTab = (typeof BILLS_SCREEN_TABS)[number];
