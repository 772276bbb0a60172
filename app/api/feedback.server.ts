import type { Endpoint } from "./endpoint";

/** Feedback: /feedback/giveFeedback. */
export const endpoints: Endpoint[] = [];
