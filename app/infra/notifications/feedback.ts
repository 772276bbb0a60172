import type { Message } from "./message";

/** A user's feedback (POST /feedback/giveFeedback), to the support team. */
export type FeedbackData = {
  name: string;
  email: string;
  userId: string;
  message: string;
  rating?: number;
  imageLink?: string;
  /** The booking the feedback is about, and its photos. */
  bookingId?: string;
  photoLinks?: string[];
  feedbackId: string;
};

export function feedback(data: FeedbackData): Message {
  return {
    subject: `${data.bookingId ? "Booking feedback" : "Feedback"} from ${data.name}${data.rating ? ` (${data.rating}/5)` : ""}`,
    replyTo: data.email,
    text: [
      `${data.name} <${data.email}> (user ${data.userId}) sent feedback:`,
      "",
      data.message,
      "",
      `Rating: ${data.rating ? `${data.rating} of 5` : "none given"}`,
      `Image: ${data.imageLink ?? "none"}`,
      ...(data.bookingId ? [`Booking: ${data.bookingId}`] : []),
      ...(data.photoLinks?.length ? ["Photos:", ...data.photoLinks] : []),
      `Feedback id: ${data.feedbackId}`,
    ].join("\n"),
  };
}
