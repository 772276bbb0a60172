import type { BookingState } from "./booking";

/**
 * Contact details stay on the platform until an approved booking (docs/product.md, Conversations and viewings): phone
 * numbers, e-mail addresses, links and social handles in any text one side shows the other — chat messages, the
 * reservation's message for the host, viewing notes, and the notifications and e-mails that quote them — show as a
 * short marker until the two have an approved booking. Texts are stored as written and masked when read, so they
 * show verbatim from the approval on.
 *
 * Text is normalised before matching: NFKC (full-width letters, digits, "＠" and "．"), any Unicode digit (Arabic-Indic
 * and the rest), invisible characters dropped, "at" and "dot" spelled out, and any of the usual separators between
 * digits. A number split over consecutive messages of one sender is read as one ({@link maskConversation}). Prices,
 * dates, times, sizes and counts are left alone.
 */

/** What a masked detail shows as; the banner above the thread ({@link CONTACTS_HIDDEN_NOTE}) says why. */
export const HIDDEN = "[hidden]";

/** Why some details show as the marker: the banner above a conversation, and the same words wherever masking shows. */
export const CONTACTS_HIDDEN_NOTE =
  `Phone numbers, e-mail addresses, links and social handles show as ${HIDDEN} until you have an approved ` +
  "booking together, so your deal and payment stay protected on Space Solution.";

/**
 * The booking states that reveal the two people's contact details to each other: a booking the host approved, then
 * running, then completed. One booking in any of them, between the two in either role, is enough (the query is
 * `contactsRevealed` in app/core/conversation-service.server.ts).
 */
export const REVEALING_STATES = [
  "approved",
  "active",
  "completed",
] as const satisfies readonly BookingState[];

/**
 * How many earlier messages a message is read with, so a number split over a sender's consecutive messages is still
 * caught: a phone number has at most 13 digits, one a message.
 */
export const SPLIT_CONTEXT = 16;

/** A text as the two people see it: masked, unless they have an approved booking. */
export function maskContactDetails(text: string, revealed: boolean): string {
  if (revealed) return text;
  return replaceSpans(text, contactSpans(text));
}

/** A message of a conversation, oldest first: its sender (null for the system's lines) and its text. */
export type SaidText = { senderId: string | null; kind: "text" | "system"; text: string };

/**
 * The texts of a run of a conversation's messages (oldest first), masked unless the two have an approved booking. A
 * sender's consecutive messages are read together, so "0917 123" then "4567" are both masked; the system's lines are
 * masked on their own and do not end a sender's run.
 */
export function maskConversation(said: readonly SaidText[], revealed: boolean): string[] {
  const masked = said.map((message) => message.text);
  if (revealed) return masked;
  let run: number[] = [];
  const flush = () => {
    if (run.length === 0) return;
    const texts = run.map((index) => said[index]?.text ?? "");
    maskRun(texts).forEach((text, position) => {
      masked[run[position] as number] = text;
    });
    run = [];
  };
  said.forEach((message, index) => {
    if (message.kind === "system") {
      masked[index] = maskContactDetails(message.text, false);
      return;
    }
    const last = run.at(-1);
    if (last !== undefined && said[last]?.senderId !== message.senderId) flush();
    run.push(index);
  });
  flush();
  return masked;
}

/** Masks texts read as one, joined by line breaks: each gets the marker where a detail covers part of it. */
function maskRun(texts: readonly string[]): string[] {
  const joined = texts.join("\n");
  const spans = contactSpans(joined);
  let offset = 0;
  return texts.map((text) => {
    const start = offset;
    offset += text.length + 1;
    const own = spans
      .map(([from, to]): Span => [Math.max(from, start) - start, Math.min(to, start + text.length) - start])
      .filter(([from, to]) => from < to && text.slice(from, to).trim() !== "");
    return replaceSpans(text, own);
  });
}

// ─── Normalising ────────────────────────────────────────────────────────────────────────────────────────────────────

type Span = [start: number, end: number];

const DECIMAL_DIGIT = /\p{Nd}/u;
const DIGITS = /\p{Nd}/gu;
/** Zero-width spaces and joiners, soft hyphens and the like: put between digits to slip past a match. */
const INVISIBLE = /^\p{Cf}$/u;

/**
 * A Unicode decimal digit's value. Every script's digits are ten consecutive code points from 0 to 9, and blocks of
 * them that touch (mathematical digits) come in whole tens, so the distance from the start of the run tells it.
 */
function digitValue(codePoint: number): number {
  let start = codePoint;
  while (start > 0 && DECIMAL_DIGIT.test(String.fromCodePoint(start - 1))) start--;
  return (codePoint - start) % 10;
}

const NOT_ASCII = /[\u0080-\u{10FFFF}]/gu;

/** One character as matching reads it: NFKC, any script's digits as 0–9, an ideographic full stop as ".". */
function normaliseCharacter(character: string): string {
  if (INVISIBLE.test(character)) return "";
  return character
    .normalize("NFKC")
    .replace(DIGITS, (digit) => String(digitValue(digit.codePointAt(0) ?? 0)))
    .replace(/[。｡]/gu, ".");
}

/**
 * The text as matching reads it, and for each of its characters where it came from in the original (`from` to
 * `to`), so what is found can be masked in the text as written. Plain ASCII, most messages, is read as it is.
 */
function normalise(text: string): {
  plain: string;
  from: (at: number) => number;
  to: (at: number) => number;
} {
  if (!/[\u0080-\u{10FFFF}]/u.test(text)) return { plain: text, from: (at) => at, to: (at) => at + 1 };
  const pieces: string[] = [];
  const from: number[] = [];
  const to: number[] = [];
  const keep = (start: number, end: number) => {
    pieces.push(text.slice(start, end));
    for (let at = start; at < end; at++) {
      from.push(at);
      to.push(at + 1);
    }
  };
  let done = 0;
  for (const match of text.matchAll(NOT_ASCII)) {
    const at = match.index ?? 0;
    keep(done, at);
    const piece = normaliseCharacter(match[0]);
    pieces.push(piece);
    for (let k = 0; k < piece.length; k++) {
      from.push(at);
      to.push(at + match[0].length);
    }
    done = at + match[0].length;
  }
  keep(done, text.length);
  return { plain: pieces.join(""), from: (at) => from[at] ?? text.length, to: (at) => to[at] ?? text.length };
}

// ─── Finding contact details ────────────────────────────────────────────────────────────────────────────────────────

const WORD = "[\\p{L}\\p{N}]+(?:[_-]+[\\p{L}\\p{N}]+)*";
const LOCAL_WORD = "[\\p{L}\\p{N}_%+-]+";
const NOT_AFTER_WORD = "(?![\\p{L}\\p{N}])";
const TLDS =
  "com|net|org|ph|io|co|me|info|biz|xyz|app|dev|link|ly|page|site|online|store|shop|asia|us|uk|sg|ai|edu|gov";
const MAIL_PROVIDERS = "gmail|googlemail|yahoo|ymail|hotmail|outlook|icloud|protonmail|proton|aol|gmx";
const BRACKETED = (word: string) => `\\s*[(\\[{<]\\s*${word}\\s*[)\\]}>]\\s*`;
const SPELLED_AT = `(?:${BRACKETED("at")}|\\s+at\\s+)`;
const SPELLED_DOT = `(?:${BRACKETED("dot")}|\\s+dot\\s+)`;
/** A dot in an address: as written, or spelled out. */
const DOT = `(?:\\.|${SPELLED_DOT})`;
/** After a real "@" the address is plain: spaces around its dots do not hide it. */
const SPACED_DOT = `(?:\\s*\\.\\s*|${SPELLED_DOT})`;
/**
 * The part before the "@": it starts a word (so a long word is tried once, not from each of its letters) and is taken
 * whole, never given back letter by letter.
 */
const LOCAL = `(?<![\\p{L}\\p{N}_%+.-])(?=(?<local>${LOCAL_WORD}(?:${DOT}${LOCAL_WORD})*))\\k<local>`;
/** A site's or address's name and its ending, "gmail.com", "myshop dot com dot ph". */
const DOMAIN_NAME = (dot: string, ending: string) =>
  `${WORD}(?:${dot}${WORD})*${dot}(?:${ending})${NOT_AFTER_WORD}`;

/** "juan@gmail.com"; "juan @ gmail . com" (spaces on both sides of the "@", or none: "IG @juan" is a handle). */
const EMAIL = new RegExp(
  `${LOCAL}(?:@|\\s+@\\s+)(?:${DOMAIN_NAME(DOT, "\\p{L}{2,}")}|${DOMAIN_NAME(SPACED_DOT, TLDS)}|(?:${MAIL_PROVIDERS})${NOT_AFTER_WORD})`,
  "giu",
);
/** "juan at gmail dot com": a spelled "at" is an address only before a known ending or mail provider. */
const SPELLED_EMAIL = new RegExp(
  `${LOCAL}${SPELLED_AT}(?:${DOMAIN_NAME(DOT, TLDS)}|(?:${MAIL_PROVIDERS})${NOT_AFTER_WORD})`,
  "giu",
);
const URL = /\b(?:https?|ftp)\s*:\s*\/\/\S+/giu;
/** A site without its scheme: "www.example.ph", "myshop.ph/ria", "juandelacruz dot com". */
const DOMAIN = new RegExp(`(?<![\\p{L}\\p{N}_.@-])${DOMAIN_NAME(DOT, TLDS)}(?:\\/\\S*)?`, "giu");
/** "@juan.delacruz88" on its own (an address's "@" is taken first). */
const AT_HANDLE = /(?<![\p{L}\p{N}._%+-])@[\p{L}_][\p{L}\p{N}._]*[\p{L}\p{N}_]/gu;
const PLATFORMS =
  "facebook|fb|messenger|insta(?:gram)?|ig|twitter|tiktok|telegram|viber|whats\\s?app|wechat|skype|snapchat|discord|linkedin|kakao(?:talk)?|line\\s?id";
/**
 * A social handle after its platform: "facebook: juan.delacruz88", "IG @juan", "fb page - Juan Dela Cruz". After a
 * colon, "=", " - " or "@" anything is a handle (with a name's next capitalised words); after a mere space only what
 * looks like one (a digit, dot or underscore in it), so "on facebook tomorrow" stays.
 */
const SOCIAL = new RegExp(
  `\\b(?:${PLATFORMS})(?:\\s*(?:id|account|acct|page|profile|name|handle|user(?:name)?))?(?<sep>\\s*[:=]\\s*|\\s+[-–]\\s+|\\s*@|\\s+(?:is\\s+)?)(?<handle>@?[\\p{L}\\p{N}_]+(?:[._-]+[\\p{L}\\p{N}_]+)*)(?<more>(?:\\s+\\p{L}+){0,3})`,
  "giu",
);
const STRONG_SEPARATOR = /[:=@\-–]/u;
const CAPITALISED = /^\p{Lu}/u;

/** Trailing punctuation ends a sentence, not a link. */
function trimLink([start, end]: Span, plain: string): Span {
  while (end > start && /[.,;:!?)\]}>"']/u.test(plain[end - 1] ?? "")) end--;
  return [start, end];
}

function socialSpans(plain: string): Span[] {
  const spans: Span[] = [];
  for (const match of plain.matchAll(SOCIAL)) {
    const { sep = "", handle = "", more = "" } = match.groups ?? {};
    const strong = STRONG_SEPARATOR.test(sep) || handle.startsWith("@");
    if (!strong && !/[\d._]/u.test(handle)) continue;
    let length = handle.length;
    if (strong) {
      // "fb: Juan Dela Cruz": the name's capitalised words go with it.
      const words = more.match(/\s+\p{L}+/gu) ?? [];
      for (const word of words) {
        if (!CAPITALISED.test(word.trim())) break;
        length += word.length;
      }
    }
    const start = (match.index ?? 0) + match[0].length - handle.length - more.length;
    spans.push([start, start + length]);
  }
  return spans;
}

// ─── Numbers ────────────────────────────────────────────────────────────────────────────────────────────────────────

const MONTH = "(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?";
const DAY = "(?:0?[1-9]|[12]\\d|3[01])(?:st|nd|rd|th)?(?!\\d)";
const YEAR = "(?:19|20)\\d{2}(?!\\d)";
const AMOUNT = "(?:[1-9]\\d{0,2}(?:,\\d{3})+|\\d{1,6})(?:\\.\\d{1,2})?(?!\\d)";

/**
 * Numbers people write that are not contact details, so digits next to them never join a phone number: prices, dates,
 * years and times. Sizes and counts ("10 sqm", "3 units") are words between short numbers and never join anyway.
 */
const NOT_CONTACTS = [
  // ₱3,000.00, PHP 1500, P3000, 3,000 pesos
  new RegExp(`(?:₱|\\bphp\\.?|\\bp(?=\\d))\\s?${AMOUNT}`, "giu"),
  new RegExp(`(?<![\\d.,])${AMOUNT}\\s?(?:pesos?|php)\\b`, "giu"),
  // 1,500,000 (a 0917,123,4567 is no grouping of thousands)
  /(?<![\d.,])[1-9]\d{0,2}(?:,\d{3})+(?:\.\d{1,2})?(?!\d|[.,]\d)/gu,
  // 2026-12-01, 2026/12/01 (not a piece of a longer run: 0917-2026-12-01 is no date)
  /(?<![\d\p{Pd}/.:])(?:19|20)\d{2}([-/.])(?:0?[1-9]|1[0-2])\1(?:0?[1-9]|[12]\d|3[01])(?!\d|[\p{Pd}/.:]\d)/gu,
  // 01/12/2026, 1-12-26
  /(?<![\d\p{Pd}/.:])(?:0?[1-9]|[12]\d|3[01])([-/.])(?:0?[1-9]|[12]\d|3[01])\1(?:(?:19|20)\d{2}|\d{2})(?!\d|[\p{Pd}/.:]\d)/gu,
  // 12/01
  /(?<![\d/])(?:0?[1-9]|1[0-2])\/(?:0?[1-9]|[12]\d|3[01])(?![\d/])/gu,
  // December 1-31, 2026; Dec 1; 1 Dec 2026; 15th of May
  new RegExp(`\\b${MONTH}\\s*${DAY}(?:\\s*[-–]\\s*${DAY})?(?:,?\\s*${YEAR})?`, "giu"),
  new RegExp(`(?<!\\d)${DAY}(?:\\s*[-–]\\s*${DAY})?\\s*(?:of\\s+)?${MONTH}(?:,?\\s*${YEAR})?`, "giu"),
  // 2026-2027
  /(?<!\d)(?:19|20)\d{2}\s?[-–/]\s?(?:19|20)\d{2}(?!\d)/gu,
  // 10:00, 10:00:00, 9.30 am (not a piece of 0917:12:34:567)
  /(?<![\d.:])(?:[01]?\d|2[0-3])(?::[0-5]\d(?::[0-5]\d)?|\.[0-5]\d(?=\s?[ap]\.?m\b))(?!\d|[.:]\d)/giu,
];

/** What people put between the digits of a phone number: spaces, dashes, dots, slashes, commas, brackets… */
const SEPARATORS = /^[\s\p{Pd}._/\\,:()+*#~|]{1,5}$/u;
/** A comma or full stop before a space ends a list item or a sentence: "3, 4, 5" is not one number. */
const LIST_BREAK = /[,.]\s/u;
/** Seven digits or more, read across separators, are a phone number (a landline has seven, a mobile eleven). */
const PHONE_DIGITS = 7;
/** A Philippine mobile number (09…, 639…, 9…), caught even when written as a list: "0917, 123, 4567". */
const MOBILE = /^(?:63|0)?9\d{9}$/;

function phoneSpans(plain: string): Span[] {
  // Protected numbers become a character that is neither digit nor separator, so nothing joins across them.
  let scan = plain;
  for (const pattern of NOT_CONTACTS) scan = scan.replace(pattern, (found) => "\uE000".repeat(found.length));
  const groups = [...scan.matchAll(/\d+/gu)].map((match) => ({
    start: match.index ?? 0,
    end: (match.index ?? 0) + match[0].length,
    digits: match[0],
  }));
  const spans: Span[] = [];
  const add = (first: number, last: number) => {
    let start = groups[first]?.start ?? 0;
    let end = groups[last]?.end ?? 0;
    // "+63 …" and "(02) 8812-3456" are masked whole.
    while (start > 0 && /[+(]/u.test(plain[start - 1] ?? "")) start--;
    if (plain.slice(start, end).includes("(") && plain[end] === ")") end++;
    spans.push([start, end]);
  };
  // How each group joins the next: "tight" (one number), "list" (a comma or stop and a space), or not at all.
  const joins = groups.map((group, index) => {
    const next = groups[index + 1];
    if (!next) return "none";
    const gap = scan.slice(group.end, next.start);
    if (!SEPARATORS.test(gap)) return "none";
    return LIST_BREAK.test(gap) ? "list" : "tight";
  });
  for (let first = 0; first < groups.length; ) {
    let last = first;
    let digits = groups[first]?.digits.length ?? 0;
    while (joins[last] === "tight") {
      last++;
      digits += groups[last]?.digits.length ?? 0;
    }
    if (digits >= PHONE_DIGITS) add(first, last);
    first = last + 1;
  }
  for (let first = 0; first < groups.length; first++) {
    let digits = "";
    for (let last = first; last < groups.length && digits.length < 12; last++) {
      digits += groups[last]?.digits ?? "";
      if (MOBILE.test(digits)) add(first, last);
      if (joins[last] === "none") break;
    }
  }
  return spans;
}

function allOf(plain: string, pattern: RegExp): Span[] {
  return [...plain.matchAll(pattern)].map(
    (match): Span => [match.index ?? 0, (match.index ?? 0) + match[0].length],
  );
}

/**
 * Each kind of detail, after a quick look for what it cannot do without (an "@", a spelled "at", a site's ending,
 * a platform's name, seven digits), so most messages skip the longer searches.
 */
const FINDERS: { hint: RegExp; find: (plain: string) => Span[] }[] = [
  { hint: /@/u, find: (plain) => [...allOf(plain, EMAIL), ...allOf(plain, AT_HANDLE)] },
  { hint: /[\s([{<]at[\s)\]}>]/iu, find: (plain) => allOf(plain, SPELLED_EMAIL) },
  { hint: /:\s*\/\//u, find: (plain) => allOf(plain, URL).map((span) => trimLink(span, plain)) },
  {
    hint: new RegExp(`(?:\\.|dot[\\s)\\]}>]+)(?:${TLDS})${NOT_AFTER_WORD}`, "iu"),
    find: (plain) => allOf(plain, DOMAIN).map((span) => trimLink(span, plain)),
  },
  { hint: new RegExp(`\\b(?:${PLATFORMS})`, "iu"), find: socialSpans },
  { hint: /(?:\d\D*){7}/u, find: phoneSpans },
];

/** Where the contact details of a text are, in the text as written, in order and not overlapping. */
function contactSpans(text: string): Span[] {
  const { plain, from, to } = normalise(text);
  const found = FINDERS.flatMap(({ hint, find }) => (hint.test(plain) ? find(plain) : []));
  const merged: Span[] = [];
  for (const [start, end] of found.filter(([s, e]) => s < e).sort((a, b) => a[0] - b[0] || b[1] - a[1])) {
    const last = merged.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else merged.push([start, end]);
  }
  return merged.map(([start, end]) => [from(start), to(end - 1)]);
}

function replaceSpans(text: string, spans: readonly Span[]): string {
  let masked = "";
  let at = 0;
  for (const [start, end] of spans) {
    masked += text.slice(at, start) + HIDDEN;
    at = end;
  }
  return masked + text.slice(at);
}
