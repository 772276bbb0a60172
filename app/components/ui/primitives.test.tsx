import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Badge } from "./badge";
import { Button, ButtonLink, buttonClass } from "./button";
import { Card } from "./card";
import { RemovableChip } from "./chip";
import { Figures, MoneyCard } from "./money-card";
import { PendingButton } from "./pending-button";

/** The UI primitives as the server renders them: what a page without JavaScript gets. */

const html = (element: React.ReactElement) =>
  renderToStaticMarkup(<StaticRouter location="/">{element}</StaticRouter>);

describe("buttons", () => {
  it("gives each variant its own look, and the same look to a button and a link", () => {
    const looks = new Set(
      (["primary", "secondary", "quiet", "danger"] as const).map((variant) => buttonClass({ variant })),
    );
    expect(looks.size).toBe(4);
    expect(buttonClass({ variant: "danger" })).toContain("bg-red-700");
    const link = html(
      <ButtonLink to="/search-space" variant="secondary">
        Find a space
      </ButtonLink>,
    );
    expect(link).toMatch(/^<a [^>]*href="\/search-space"/);
    expect(link).toContain(buttonClass({ variant: "secondary" }));
  });

  it("never submits by accident: a plain Button is type button unless it says submit", () => {
    expect(html(<Button>Show map</Button>)).toContain('type="button"');
    expect(
      html(
        <Button type="submit" fullWidth>
          Save
        </Button>,
      ),
    ).toMatch(/type="submit"[^>]*class="[^"]*w-full/);
  });
});

describe("the pending button", () => {
  it("is a plain submit button until its form is being sent", () => {
    const idle = html(
      <PendingButton pending={false} pendingLabel="Saving…">
        Save and continue
      </PendingButton>,
    );
    expect(idle).toContain('type="submit"');
    expect(idle).toContain(">Save and continue</button>");
    expect(idle).not.toContain('disabled=""');
    expect(idle).not.toContain("aria-busy");
  });

  it("says it is working, is busy and cannot be pressed twice while sending", () => {
    const busy = html(
      <PendingButton pending pendingLabel="Saving…">
        Save and continue
      </PendingButton>,
    );
    expect(busy).toContain('disabled=""');
    expect(busy).toContain('aria-busy="true"');
    expect(busy).toContain("Saving…");
    expect(busy).not.toContain("Save and continue");
    // The spinner is decoration only.
    expect(busy).toMatch(/<span aria-hidden="true" class="[^"]*animate-spin/);
  });
});

describe("card, badge and chip", () => {
  it("renders a card as the element it is given, with its label", () => {
    const card = html(
      <Card as="section" aria-labelledby="price-title">
        ₱3,000
      </Card>,
    );
    expect(card).toMatch(
      /^<section class="rounded-xl bg-white shadow-sm p-4" aria-labelledby="price-title">/,
    );
  });

  it("says a badge's status in words, toned by what it means", () => {
    expect(html(<Badge tone="success">✓ Verified</Badge>)).toMatch(
      /<span class="[^"]*text-emerald-800[^"]*">✓ Verified<\/span>/,
    );
  });

  it("removes a filter with a plain link named for what it does", () => {
    const chip = html(
      <RemovableChip
        to="/search-space?type=storage"
        label="Makati"
        removeLabel="Remove the filter: Makati"
      />,
    );
    expect(chip).toContain('href="/search-space?type=storage"');
    expect(chip).toContain('aria-label="Remove the filter: Makati"');
    expect(chip).toContain('Makati<span aria-hidden="true">×</span>');
  });
});

describe("money lists", () => {
  it("puts a card's amount on its title's line, in figures of one width that do not wrap", () => {
    const card = html(
      <MoneyCard title="Dry room in Makati" amount="₱2,575.00" testId="bill-card" level={4}>
        <p>Due on Dec 1</p>
      </MoneyCard>,
    );
    expect(card).toMatch(/^<li [^>]*data-testid="bill-card"/);
    expect(card).toMatch(
      /<h4[^>]*>Dry room in Makati<\/h4><p [^>]*class="[^"]*whitespace-nowrap[^"]*tabular-nums/,
    );
    expect(card).toContain('data-testid="card-amount">₱2,575.00</p>');
    expect(card).toContain("<p>Due on Dec 1</p>");
    expect(card).not.toContain('class="mt-3"');
  });

  it("lays sums two to a row on a phone and four on a wider screen, each a term over its figure", () => {
    const figures = html(<Figures items={[{ label: "Earned", value: "₱1,000.00", testId: "earned" }]} />);
    expect(figures).toMatch(/^<dl class="[^"]*grid-cols-2[^"]*sm:grid-cols-4/);
    expect(figures).toContain("<dt");
    expect(figures).toMatch(/<dd [^>]*data-testid="earned">₱1,000.00<\/dd>/);
  });
});
