/**
 * Feedback to the Space Solution team (docs/product.md, Screens and routes: user-profile give-feed-back and bookings
 * give-feedback): how long it may be and how many photos a booking's feedback may carry. The API checks them
 * (app/api/feedback/feedback.server.ts) and the forms say them, so they live where the browser can read them too.
 */
export const FEEDBACK_MAX_LENGTH = 2000;

/** Photos of a booking's feedback, at most. */
export const MAX_FEEDBACK_PHOTOS = 5;

export const TOO_MANY_FEEDBACK_PHOTOS = `You can attach at most ${MAX_FEEDBACK_PHOTOS} photos.`;
