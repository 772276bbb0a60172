/**
 * The product's key-press filters (docs/product.md, Key-press filters). "Letters" are the ASCII letters plus ñ and Ñ
 * (Filipino names: Peñafrancia, Muñoz); digits are 0-9. Other accented letters, dots, commas and apostrophes are
 * refused, as the product rules list only hyphen, underscore and (for labels) space. A form may filter key presses with
 * the *_CHAR patterns for fast feedback, but that is a convenience only: the server enforces the same rules on the
 * whole value with the *_TEXT patterns (or isAllowedText), so a value pasted or sent without JavaScript is checked too.
 *
 * The *_TEXT patterns accept the empty string: whether a field is required is a separate rule with its own message.
 * None of the patterns has the g or y flag, so `.test` keeps no state between calls.
 *
 * A module of its own because the root layout's KeyFilter loads it on every page: it must not bring the
 * vocabularies' lists and labels along (the listing page's JavaScript budget). app/domain/vocabulary.ts
 * re-exports it.
 */

/** One character allowed in a label (space titles, account holder names): letters, digits, hyphen, underscore, space. */
export const LABEL_CHAR = /^[A-Za-zÑñ0-9_ -]$/u;
/** A whole label: only {@link LABEL_CHAR} characters. */
export const LABEL_TEXT = /^[A-Za-zÑñ0-9_ -]*$/u;

/** One character allowed in a person's name part (first, middle, last or nick name): letters, hyphen, underscore. */
export const NAME_CHAR = /^[A-Za-zÑñ_-]$/u;
/** A whole name part: only {@link NAME_CHAR} characters (no spaces, per the product rules). */
export const NAME_TEXT = /^[A-Za-zÑñ_-]*$/u;

/** One character allowed in a code (referral and voucher codes, TIN): letters, digits, hyphen, underscore. */
export const CODE_CHAR = /^[A-Za-zÑñ0-9_-]$/u;
/** A whole code: only {@link CODE_CHAR} characters (no spaces). */
export const CODE_TEXT = /^[A-Za-zÑñ0-9_-]*$/u;

/** The key-press filters by purpose. */
export const KEY_FILTERS = ["label", "name", "code"] as const;
/** A key-press filter: `label` (alphanumeric, hyphen, underscore, space), `name` (letters, hyphen, underscore), `code` (alphanumeric, hyphen, underscore). */
export type KeyFilter = (typeof KEY_FILTERS)[number];

/** Each filter's one-character pattern. */
export const KEY_FILTER_CHAR: { readonly [F in KeyFilter]: RegExp } = {
  label: LABEL_CHAR,
  name: NAME_CHAR,
  code: CODE_CHAR,
};

/** Each filter's whole-string pattern. */
export const KEY_FILTER_TEXT: { readonly [F in KeyFilter]: RegExp } = {
  label: LABEL_TEXT,
  name: NAME_TEXT,
  code: CODE_TEXT,
};

/**
 * Whether one typed character is allowed by the filter. `char` is a `KeyboardEvent.key` of one character; the
 * caller lets named keys (Backspace, Enter, ArrowLeft, …) through and calls this only for printable keys.
 */
export function isAllowedChar(filter: KeyFilter, char: string): boolean {
  return KEY_FILTER_CHAR[filter].test(char.normalize("NFC"));
}

/**
 * Whether a whole value passes the filter: the server's check, and the form's on submit or paste. The value is
 * NFC-normalized first, so an ñ typed as n + combining tilde counts as ñ (store the normalized value too). The
 * empty string passes.
 */
export function isAllowedText(filter: KeyFilter, text: string): boolean {
  return KEY_FILTER_TEXT[filter].test(text.normalize("NFC"));
}
