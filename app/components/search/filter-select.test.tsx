import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { FilterSelect } from "./filter-select";

/** The drop-down filters as the server renders them: what a page without JavaScript gets. */

describe("FilterSelect", () => {
  it("labels the control, offers 'any' sent empty, and keeps the choice the URL has", () => {
    const html = renderToStaticMarkup(
      <FilterSelect
        id="search-kind"
        name="kind"
        label="Kind of space"
        value="garage"
        any="Any kind"
        options={[
          { value: "spareRoom", label: "Spare room" },
          { value: "garage", label: "Garage" },
        ]}
      />,
    );
    expect(html).toContain('<label for="search-kind"');
    expect(html).toContain('<select id="search-kind" name="kind"');
    expect(html).toContain('<option value="">Any kind</option>');
    expect(html).toContain('<option value="garage" selected="">Garage</option>');
  });

  it("groups choices under their heading, and has no empty choice when the filter always has one", () => {
    const html = renderToStaticMarkup(
      <FilterSelect
        id="search-city"
        name="city"
        label="City"
        value=""
        options={[["Metro Manila", [{ value: "makati", label: "Makati" }]] as const]}
      >
        <p>hint</p>
      </FilterSelect>,
    );
    expect(html).toContain(
      '<optgroup label="Metro Manila"><option value="makati">Makati</option></optgroup>',
    );
    expect(html).not.toContain('<option value="">');
    expect(html).toContain("</select><p>hint</p></div>");
  });
});
