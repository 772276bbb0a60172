import { z } from "zod/v4";
import { bookedCities, businessDays, timedLedgerCheck } from "~/core/business-health.server";
import type { LedgerProblem } from "~/core/ledger.server";
import {
  businessHealth,
  type CityFigures,
  type Figures,
  HEALTH_DEFAULT_WEEKS,
  HEALTH_WEEK_CHOICES,
  healthWeeks,
  type WeekFigures,
} from "~/domain/business-health";
import { defineEndpoint } from "../endpoint";
import { ApiError } from "../envelope";
import { consoleGate } from "./gate.server";

/**
 * The console's health of the business (docs/operations.md; finance and admin): the weeks' bookings and money per
 * city, from the ledger, and the ledger check's result — the same check as `npm run ops -- ledger:check`.
 */

const common = { auth: "optional", unlisted: true } as const;
export const UNKNOWN_CITY = "Please choose a city from the list.";
const WEEKS_WORDS = `weeks must be one of ${HEALTH_WEEK_CHOICES.join(", ")}.`;

export type BusinessHealth = {
  city: string | null;
  weeks: number;
  cities: { slug: string; name: string }[];
  byWeek: WeekFigures[];
  byCity: CityFigures[];
  totals: Figures;
};

const HEALTH = { method: "GET", path: "/operations/businessHealth" } as const;
export const consoleBusinessHealth = defineEndpoint({
  ...HEALTH,
  ...common,
  answers: [404],
  summary:
    "Per ISO week (Manila) and city: bookings requested, approved and completed; money paid in, refunded, earned by hosts and by the platform, from the ledger.",
  gate: consoleGate(HEALTH, "money"),
  query: z.object({
    city: z.string().trim().max(100).optional(),
    weeks: z.coerce
      .number({ error: WEEKS_WORDS })
      .refine((weeks) => (HEALTH_WEEK_CHOICES as readonly number[]).includes(weeks), { error: WEEKS_WORDS })
      .default(HEALTH_DEFAULT_WEEKS),
  }),
  async handler({ db, query }): Promise<BusinessHealth> {
    const cities = await bookedCities(db);
    const city = query.city || null;
    if (city && !cities.some((one) => one.slug === city)) throw new ApiError(400, UNKNOWN_CITY);
    const weeks = healthWeeks(query.weeks);
    const days = await businessDays(db, { since: weeks[0]?.start as string, citySlug: city });
    const health = businessHealth(weeks, days);
    return {
      city,
      weeks: query.weeks,
      cities,
      byWeek: health.weeks,
      byCity: health.cities,
      totals: health.totals,
    };
  },
});

const LEDGER_CHECK = { method: "GET", path: "/operations/ledgerCheck" } as const;
export const consoleLedgerCheck = defineEndpoint({
  ...LEDGER_CHECK,
  ...common,
  answers: [404],
  summary:
    "The ledger check of `npm run ops -- ledger:check`: what it finds wrong (nothing when the ledger balances), and how long it took.",
  gate: consoleGate(LEDGER_CHECK, "money"),
  async handler({ db }): Promise<{ problems: LedgerProblem[]; tookMs: number }> {
    return timedLedgerCheck(db);
  },
});

export const endpoints = [consoleBusinessHealth, consoleLedgerCheck];
