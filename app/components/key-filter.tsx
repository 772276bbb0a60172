import { useEffect } from "react";
import { type KeyFilter as Filter, isAllowedChar, isAllowedText, KEY_FILTERS } from "~/domain/key-filters";

function isFilter(value: string | undefined): value is Filter {
  return (KEY_FILTERS as readonly string[]).includes(value ?? "");
}

/**
 * The product's key-press filters (docs/product.md, Key-press filters), as progressive enhancement: an input with
 * `data-keyfilter="label|name|code"` refuses the characters its filter does not allow as they are typed; pasted or
 * dropped text keeps only the allowed ones. (Text composed with an input method cannot be refused before it lands; the
 * server catches it.) Without JavaScript nothing is filtered, and the server enforces the same rules on the whole value
 * anyway. Rendered once, from the root layout; one listener on the document serves every input.
 */
export function KeyFilter() {
  useEffect(() => {
    function onBeforeInput(event: InputEvent) {
      const input = event.target;
      if (!(input instanceof HTMLInputElement || input instanceof HTMLTextAreaElement)) return;
      const filter = input.dataset.keyfilter;
      if (!isFilter(filter) || !event.data || !event.cancelable) return;
      if (isAllowedText(filter, event.data)) return;
      event.preventDefault();
      // One key press: refused. Several characters at once (paste, drop, a keyboard's suggestion): what the filter
      // allows goes in, and the form is told the value changed.
      const chars = [...event.data];
      if (chars.length === 1) return;
      const allowed = chars.filter((char) => isAllowedChar(filter, char)).join("");
      if (!allowed) return;
      const start = input.selectionStart ?? input.value.length;
      const end = input.selectionEnd ?? start;
      input.setRangeText(allowed, start, end, "end");
      input.dispatchEvent(new Event("input", { bubbles: true }));
    }
    document.addEventListener("beforeinput", onBeforeInput);
    return () => document.removeEventListener("beforeinput", onBeforeInput);
  }, []);
  return null;
}
