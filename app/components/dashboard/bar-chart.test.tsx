import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CENTAVOS_PER_PESO, formatPeso } from "~/domain/money";
import { BarChart, type ChartSeries, labelledPeriods } from "./bar-chart";

/** The dashboard's charts as the server draws them: the axis's ticks are HTML left of the bars. */

const LABELS = ["Nov 25", "Nov 26", "Nov 27"];

function axisTicks(markup: string): string[] {
  return [...markup.matchAll(/<span[^>]*data-tick=""[^>]*>([^<]*)<\/span>/g)].map((match) => match[1] ?? "");
}

const series = (values: number[]): ChartSeries[] => [{ key: "one", label: "One", color: "#000", values }];

const countChart = (values: number[]) =>
  renderToStaticMarkup(<BarChart title="Requests" labels={LABELS} series={series(values)} />);

const moneyChart = (values: number[]) =>
  renderToStaticMarkup(
    <BarChart
      title="Earned"
      labels={LABELS}
      series={series(values)}
      format={formatPeso}
      tickFormat={(centavos) => formatPeso(centavos).replace(/\.00$/, "")}
      tickUnit={CENTAVOS_PER_PESO}
    />,
  );

describe("BarChart", () => {
  it("draws an axis of whole bookings for a host with none yet", () => {
    expect(axisTicks(countChart([0, 0, 0]))).toEqual(["0", "1"]);
  });

  it.each([[[0, 1, 0]], [[1, 2, 0]], [[3, 0, 1]]])("never counts half a booking (%j)", (values) => {
    const ticks = axisTicks(countChart(values));
    expect(ticks.length).toBeGreaterThan(1);
    for (const tick of ticks) expect(tick).toMatch(/^\d+$/);
  });

  it("draws money of nothing yet as whole pesos, without failing on a fraction of a centavo", () => {
    expect(axisTicks(moneyChart([0, 0, 0]))).toEqual(["₱0", "₱1"]);
    expect(moneyChart([0, 0, 0])).toContain("<td>₱0.00</td>");
  });

  it.each([[[1, 0, 0]], [[150, 0, 0]], [[275_000, 0, 125_050]]])(
    "writes every money tick as whole pesos (%j centavos)",
    (values) => {
      const ticks = axisTicks(moneyChart(values));
      expect(ticks.length).toBeGreaterThan(1);
      for (const tick of ticks) expect(tick).toMatch(/^₱[\d,]+$/);
    },
  );

  it("keeps the table for screen readers inside a clipped box, so a phone's page does not grow sideways", () => {
    expect(countChart([1, 2, 3])).toMatch(/<div class="sr-only"><table>/);
  });

  it("writes the period labels in HTML, at the page's text size, not as SVG text that shrinks on a phone", () => {
    const markup = countChart([1, 2, 3]);
    expect(markup).not.toContain("<text");
    expect([...markup.matchAll(/data-period="">([^<]*)</g)].map((match) => match[1])).toEqual(LABELS);
  });
});

describe("labelledPeriods", () => {
  const indexes = (count: number, phone = false) =>
    labelledPeriods(count)
      .filter((period) => !phone || period.phone)
      .map((period) => period.index);

  it("labels every period when there are few", () => {
    expect(indexes(0)).toEqual([]);
    expect(indexes(1)).toEqual([0]);
    expect(indexes(3)).toEqual([0, 1, 2]);
    expect(indexes(3, true)).toEqual([0, 1, 2]);
  });

  it("spreads seven labels on a wide screen and four on a phone, always the first and the last period", () => {
    expect(indexes(12)).toEqual([0, 2, 4, 6, 7, 9, 11]);
    expect(indexes(12, true)).toEqual([0, 4, 7, 11]);
    expect(indexes(30)).toEqual([0, 5, 10, 15, 19, 24, 29]);
    expect(indexes(30, true)).toEqual([0, 10, 19, 29]);
    for (const count of [5, 8, 13, 26, 52]) {
      const phone = indexes(count, true);
      expect(phone.length).toBeLessThanOrEqual(4);
      expect(phone[0]).toBe(0);
      expect(phone.at(-1)).toBe(count - 1);
      expect(indexes(count).length).toBeLessThanOrEqual(7);
    }
  });
});
