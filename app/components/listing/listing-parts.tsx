/**
 * The listing page's parts below the listing itself (the reviews, the availability check, the host, the question form
 * and the share panel),
 * which the browser loads as one module as they come near the screen (whenNear, app/components/ui/when-near.tsx).
 * One module, so that they come in one request; and one that reaches Remix's own code (the question form's
 * <Form>), since a lazily loaded module that reaches React but not React DOM splits React into a chunk of its own
 * and every page's JavaScript grows.
 */

export { ListingReviews } from "~/components/reviews/listing-reviews";
export { AvailabilityCheck } from "./availability";
export { HostCard } from "./host-card";
export { QuestionForm } from "./question-form";
export { SharePanel } from "./share-panel";
