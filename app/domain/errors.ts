/**
 * A rule of the product refused what someone asked for: a booking that cannot be cancelled any more, a host
 * approving a request that has expired, an extension the space has no room for. The message is written for the
 * person who asked (it is shown as it is); `kind` lets the API pick the status without parsing the message.
 */
export type DomainErrorKind =
  /** The input itself is wrong (a missing reason, a number of months out of range). */
  | "invalid"
  /** This person may not do this, whatever the booking's state (only the host approves). */
  | "forbidden"
  /** The thing's current state or the time refuses it (the request expired, the booking has started). */
  | "conflict"
  /** The thing is not there for this person (gone, or another person's): "not found", never "not yours". */
  | "not_found";

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** The input field the message is about, when it is about one (shown next to that field). */
    readonly field?: string,
    /** What the answer lists beside the message, when a field is not enough (every requirement still missing). */
    readonly details?: unknown,
  ) {
    super(message);
    this.name = "DomainError";
  }
}
