/**
 * Whether `text` has the shape of a row id (a UUID, any case). Ids typed or pasted by people — in the console, on a
 * command line, in a path — are checked with it before they reach the database, which would refuse the malformed ones
 * with an error instead of "not found".
 */
export function isUuid(text: string): boolean {
  return UUID_PATTERN.test(text);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
