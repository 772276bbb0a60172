import { Form } from "@remix-run/react";
import type { BookingDetails } from "~/api/reserve/booking-views.server";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { VerifiedBadge } from "~/components/ui/verified-badge";
import type { BookingState } from "~/domain/booking";
import { formatCalendarDate } from "~/domain/dates";
import { formatPeso } from "~/domain/money";
import { DEFAULT_PROFILE_PHOTO } from "~/utils/menu";
import { ratingSummary } from "~/utils/reviews";
import { didNotGoAhead, STATE_WORDS, timeLeft } from "./booking-words";
import { MomentLinks } from "./moment-links";
import type { NextAction, NextStep } from "./next-step";

/** How a state reads at a glance: waiting is amber, going ahead green, ended grey, not going ahead red. */
const STATE_TONES: Record<BookingState, BadgeTone> = {
  awaiting_payment: "warning",
  requested: "warning",
  approved: "success",
  active: "success",
  completed: "neutral",
  declined: "danger",
  expired: "danger",
  cancelled: "danger",
};

/**
 * The top of a booking's page, one phone screen high (docs/design.md, The booking page): the state, what happens
 * next and by when, the one action that matters now, the dates, the total paid, and the other person with their
 * photo, rating and verified badge. The whole agreement follows below it in sections that open and close.
 */
export function BookingSummary({
  booking,
  next,
  now,
  pending,
  moment = null,
}: {
  booking: BookingDetails;
  next: NextStep;
  now: string;
  pending: boolean;
  /** What the reader just did to this booking, in words (./just-happened.ts); shown first, with its links. */
  moment?: string | null;
}) {
  const other = booking.counterpart;
  const paid = booking.paid - booking.refunded;
  return (
    <Card as="section" aria-label="Booking summary" className="mt-3 space-y-4" data-testid="booking-summary">
      {moment ? (
        <div role="status" className="space-y-2 rounded-lg bg-emerald-50 p-3" data-testid="just-happened">
          <p className="font-semibold text-emerald-900">{moment}</p>
          <MomentLinks
            bookingId={null}
            conversationId={booking.conversationId}
            otherName={other.name}
            receipt={
              booking.requestReceipt
                ? {
                    path: `/payment/receipt/${booking.requestReceipt.receiptId}`,
                    number: booking.requestReceipt.receiptNumber,
                  }
                : null
            }
          />
        </div>
      ) : null}
      <div>
        <Badge tone={STATE_TONES[booking.state]}>
          <span data-testid="booking-state">{STATE_WORDS[booking.state][booking.role]}</span>
        </Badge>
        <h1 className="mt-2 text-xl font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-2xl">
          {booking.space.spaceTitle}
        </h1>
        <p className="mt-1 text-slate-800" data-testid="booking-next">
          {next.text}
          {booking.actBy ? (
            <span className="ml-1 whitespace-nowrap text-sm font-semibold text-slate-600">
              ({timeLeft(booking.actBy, new Date(now))})
            </span>
          ) : null}
        </p>
      </div>
      {next.action ? <PrimaryAction action={next.action} booking={booking} pending={pending} /> : null}
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-slate-600">Move-in</dt>
          <dd className="font-semibold text-slate-900">{formatCalendarDate(booking.startDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Last day</dt>
          <dd className="font-semibold text-slate-900">{formatCalendarDate(booking.endDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{didNotGoAhead(booking.state) ? "Kept" : "Total paid"}</dt>
          <dd className="font-semibold text-slate-900" data-testid="summary-paid">
            {formatPeso(Math.max(paid, 0))}
          </dd>
        </div>
      </dl>
      <div className="flex items-center gap-3 border-t border-slate-100 pt-3" data-testid="summary-other">
        <img
          src={other.profilePic || DEFAULT_PROFILE_PHOTO}
          alt=""
          width={44}
          height={44}
          className="h-11 w-11 shrink-0 rounded-full bg-slate-200 object-cover"
        />
        <div className="min-w-0">
          <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {booking.role === "renter" ? "Your host, " : "Your renter, "}
            {other.name}
            {other.adminVerified ? <VerifiedBadge className="ml-1.5 align-middle" /> : null}
          </p>
          <p className="text-sm text-slate-700">{ratingSummary(other.rating, other.totalNumberofReviews)}</p>
        </div>
      </div>
      <p className="text-xs text-slate-600">
        Booking <span data-testid="booking-number">{booking.bookingNumber}</span>
      </p>
    </Card>
  );
}

/** The summary's one button: a form where the action changes the booking, a link where it leads on. */
function PrimaryAction({
  action,
  booking,
  pending,
}: {
  action: NextAction;
  booking: BookingDetails;
  pending: boolean;
}) {
  switch (action.kind) {
    case "pay":
    case "end-for-unpaid-bill":
      return (
        <Form method="post">
          <Button type="submit" name="intent" value={action.kind} disabled={pending} fullWidth size="lg">
            {action.label}
          </Button>
        </Form>
      );
    case "approve":
      return (
        <Form method="post" className="space-y-2">
          <label className="flex items-start gap-2 text-sm">
            <input type="checkbox" name="autoAcceptExtension" className="mt-0.5 h-5 w-5 shrink-0" /> Accept
            the renter's extension requests automatically
          </label>
          <Button type="submit" name="intent" value="approve" disabled={pending} fullWidth size="lg">
            {action.label}
          </Button>
          <p className="text-sm text-slate-600">
            <a href="#booking-actions" className="font-semibold text-brand-700 underline">
              Decline instead
            </a>
          </p>
        </Form>
      );
    case "pay-bill":
      return (
        <ButtonLink to={`/payment/summary?billId=${action.billId}`} fullWidth size="lg">
          {action.label}
        </ButtonLink>
      );
    case "answer-extension":
      return (
        <ButtonLink to="#booking-actions" fullWidth size="lg">
          {action.label}
        </ButtonLink>
      );
    case "review":
      return (
        <ButtonLink to={`/bookings/space-review?bookingId=${booking.bookingId}`} fullWidth size="lg">
          {action.label}
        </ButtonLink>
      );
  }
}
