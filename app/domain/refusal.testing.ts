import { DomainError } from "./errors";

/**
 * For the domain's unit tests: runs `run` and answers the DomainError it throws, failing the test when it throws
 * nothing or something else.
 */
export function refusalOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a DomainError");
}
