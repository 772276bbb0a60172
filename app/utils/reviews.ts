/** How a rating reads everywhere it is shown (host card, party card, listing, profile): "★ 4.5 · 2 reviews". */
export function ratingSummary(rating: number | null, count: number): string {
  if (count <= 0 || rating === null) return "No reviews yet";
  return `★ ${rating.toFixed(1)} · ${count} review${count === 1 ? "" : "s"}`;
}

/** Stars as a screen reader should hear them. */
export function starsLabel(stars: number): string {
  return `${stars} of 5 stars`;
}
