import type { Message } from "./message";

/** A user's feedback (POST /feedback/giveFeedback), to the support team. */
export type FeedbackData = {
  name: string;
  email: string;
  userId: string;
  message: string;
  rating?: number;
  imageLink?: string;
  feedbackId: string;
};

export function feedback(data: FeedbackData): Message {
  return {
    subject: `Feedback from ${data.name}${data.rating ? ` (${data.rating}/5)` : ""}`,
    replyTo: data.email,
    text: [
      `${data.name} <${data.email}> (user ${data.userId}) sent feedback:`,
      "",
      data.message,
      "",
      `Rating: ${data.rating ? `${data.rating} of 5` : "none given"}`,
      `Image: ${data.imageLink ?? "none"}`,
      `Feedback id: ${data.feedbackId}`,
    ].join("\n"),
  };
}
