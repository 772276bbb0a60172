import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CENTAVOS_PER_PESO, formatPeso } from "~/domain/money";
import { BarChart, type ChartSeries } from "./bar-chart";

/** The dashboard's charts as the server draws them: the axis's ticks are the SVG's text left of the bars. */

const LABELS = ["Nov 25", "Nov 26", "Nov 27"];

function axisTicks(markup: string): string[] {
  return [...markup.matchAll(/<text[^>]*text-anchor="end"[^>]*>([^<]*)<\/text>/g)].map(
    (match) => match[1] ?? "",
  );
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
});
