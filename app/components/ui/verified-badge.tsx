import { Badge } from "./badge";

/**
 * The mark of a person Space Solution checked (`adminVerified`): beside their name on search cards, the listing
 * page and a booking's summary, so renters and hosts see at first sight whom they deal with. It says it in words
 * too, never by the tick alone.
 */
export function VerifiedBadge({ label = "Verified", className }: { label?: string; className?: string }) {
  return (
    <Badge tone="success" className={["whitespace-nowrap", className].filter(Boolean).join(" ")}>
      <span aria-hidden="true">✓ </span>
      <span data-testid="verified-badge">{label}</span>
    </Badge>
  );
}
