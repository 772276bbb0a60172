import type { ReactNode } from "react";
import { formatPeso, roundHalfUp } from "~/domain/money";
import type { ListingDetailsData } from "~/domain/space";
import { spaceTypeOf } from "~/domain/space-types";
import { formatArea, formatDimensions, formatVolume } from "~/domain/units";
import {
  ACCESS_OPTION_LABELS,
  kindLabel,
  type LengthUnit,
  RENTAL_DURATION_LABELS,
  type RentalUnit,
  SPACE_TYPE_LABELS,
  VEHICLE_SIZE_LABELS,
} from "~/domain/vocabulary";
import { priceBasisText } from "./price-text";
import { depositMinimumMonths } from "./terms-fields";

/**
 * The Space Solution standard contract (contract-template), filled in with a listing's details: the host, the
 * space, its terms and prices. What only a booking knows (the renter, the dates, the units booked) is left as blanks
 * to fill in. Without a listing every detail is a blank: the generic template.
 */

/** The listing's side of the contract, as text (computed by the loader). */
export type ContractDetails = {
  hostName: string;
  typeLabel: string;
  kind: string;
  address: string;
  size: string;
  units: string;
  monthlyPrice: string;
  dailyPrice: string | null;
  deposit: string;
  discount: string;
  access: string;
  durations: string;
};

export type ContractSource = ListingDetailsData & {
  /** The street address (the host's own view); renters' views have only the barangay, city and province. */
  streetAddress?: string | null;
};

const UNIT_NAMES: Record<RentalUnit, [string, string]> = {
  sqm: ["square meter", "square meters"],
  cbm: ["cubic meter", "cubic meters"],
  pallet: ["pallet", "pallets"],
};

function unitName(unit: RentalUnit | null, count: number): string {
  const [one, many] = unit ? UNIT_NAMES[unit] : ["unit", "units"];
  return count === 1 ? one : many;
}

export function contractDetails(space: ContractSource, hostName: string, unit: LengthUnit): ContractDetails {
  const type = spaceTypeOf(space);
  const place = [space.streetAddress, space.address.barangay, space.address.city, space.address.province]
    .filter(Boolean)
    .join(", ");
  const size =
    type === "parking"
      ? space.vehicleSize
        ? `fits vehicles up to: ${VEHICLE_SIZE_LABELS[space.vehicleSize]}`
        : ""
      : space.size
        ? `${formatDimensions(space.size, unit)}; ${formatArea(space.size.area, unit)}; ${formatVolume(space.size.volume, unit)}`
        : "";
  const months = depositMinimumMonths(type);
  return {
    hostName,
    typeLabel: SPACE_TYPE_LABELS[type],
    kind: space.kind ? kindLabel(space.kind) : "",
    address: place,
    size,
    units:
      type === "parking"
        ? `${space.unitsAvailable} parking slot${space.unitsAvailable === 1 ? "" : "s"}`
        : space.rentMode.entireSpace
          ? "the entire space"
          : `${space.unitsAvailable} ${unitName(space.unitOfRental, space.unitsAvailable)}, each priced separately`,
    monthlyPrice:
      space.listingPrice === null ? "" : `${formatPeso(space.listingPrice)} a month ${priceBasisText(space)}`,
    dailyPrice:
      type === "parking" && space.dailyPrice !== null ? `${formatPeso(space.dailyPrice)} a day` : null,
    deposit: space.depositRequired
      ? `one month's price, for bookings of ${months} month${months === 1 ? "" : "s"} or more`
      : "no deposit",
    discount: space.firstMonthDiscount
      ? `half of one month's price off the first month for bookings of 6 months or more${
          space.listingPrice === null
            ? ""
            : ` (${formatPeso(roundHalfUp(space.listingPrice, 2))} ${priceBasisText(space)})`
        }`
      : "none",
    access: space.accessOption ? ACCESS_OPTION_LABELS[space.accessOption] : "",
    durations: space.rentalDurations.map((duration) => RENTAL_DURATION_LABELS[duration]).join(", "),
  };
}

/** A filled-in detail, or a blank line to write on. */
function Detail({ value, label }: { value: string | null | undefined; label: string }) {
  if (value) return <strong className="font-semibold">{value}</strong>;
  return (
    <span className="inline-block min-w-40 border-b border-slate-500 align-bottom">
      <span className="sr-only">{label}: blank</span>
    </span>
  );
}

/** A blank to fill in by hand, always. */
function Blank({ label, wide = false }: { label: string; wide?: boolean }) {
  return (
    <span className={`inline-block border-b border-slate-500 align-bottom ${wide ? "min-w-64" : "min-w-40"}`}>
      <span className="sr-only">{label}: blank</span>
    </span>
  );
}

function Clause({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section className="break-inside-avoid">
      <h2 className="mt-6 text-lg font-semibold text-slate-900">
        {number}. {title}
      </h2>
      <div className="mt-2 space-y-2">{children}</div>
    </section>
  );
}

export function StandardContract({ details }: { details: ContractDetails | null }) {
  const d = details;
  return (
    <article aria-labelledby="contract-title" className="text-slate-800" data-testid="standard-contract">
      <h1 id="contract-title" className="text-2xl font-bold text-slate-900">
        Space Solution standard rental contract
      </h1>
      <p className="mt-1 text-slate-600">
        For the rental of {d ? `${d.typeLabel.toLowerCase()} space` : "storage or parking space"} booked
        through Space Solution.
      </p>

      <Clause number={1} title="The parties">
        <p>
          The host: <Detail value={d?.hostName} label="Host's name" /> ("the Host"), who offers the space
          below.
        </p>
        <p>
          The renter: <Blank label="Renter's name" wide /> ("the Renter"), who books it.
        </p>
      </Clause>

      <Clause number={2} title="The space">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            Type and kind:{" "}
            <Detail value={d ? [d.typeLabel, d.kind].filter(Boolean).join(", ") : ""} label="Kind" />
          </li>
          <li>
            Address: <Detail value={d?.address} label="Address" />
          </li>
          <li>
            Size: <Detail value={d?.size} label="Size" />
          </li>
          <li>
            Offered: <Detail value={d?.units} label="Units offered" />; booked by the Renter:{" "}
            <Blank label="Units booked" />
          </li>
          <li>
            Access: <Detail value={d?.access} label="Access" />
          </li>
        </ul>
      </Clause>

      <Clause number={3} title="The term">
        <p>
          Durations the Host offers: <Detail value={d?.durations} label="Rental durations" />.
        </p>
        <p>
          Booked from <Blank label="Start date" /> to <Blank label="End date" /> inclusive. A booking of N
          months ends on the start date plus N calendar months, less one day.
        </p>
      </Clause>

      <Clause number={4} title="Price and payment">
        <p>
          Price: <Detail value={d?.monthlyPrice} label="Monthly price" />
          {d?.dailyPrice ? (
            <>
              ; for chosen days, <Detail value={d.dailyPrice} label="Daily price" />
            </>
          ) : null}
          .
        </p>
        <p>
          First-month discount: <Detail value={d?.discount} label="First-month discount" />.
        </p>
        <p>
          The Renter pays through Space Solution: the first month, less any discount, with the deposit and the
          Space Solution fee when booking, then each following month on the same day of the month. The Host is
          paid through Space Solution for each period rented.
        </p>
      </Clause>

      <Clause number={5} title="Deposit">
        <p>
          Deposit: <Detail value={d?.deposit} label="Deposit" />. Space Solution holds any deposit and returns
          it to the Renter after the move-out checklist, unless the Host claims part of it through the Space
          Solution resolution center for damage or unpaid rent.
        </p>
      </Clause>

      <Clause number={6} title="Use of the space">
        <p>
          The Renter uses the space only for{" "}
          {d?.typeLabel === "Parking" ? "parking a registered vehicle" : "storing lawful belongings"} and
          keeps nothing illegal, flammable, explosive or toxic in it, nothing perishable unless the space is
          cold storage, and no animals. The Renter makes no changes to the space and leaves it clean and in
          the condition it was received, except for normal wear.
        </p>
        <p>
          The Host keeps the space safe and available as described, and enters it during the rental only with
          the Renter's notice, except in an emergency.
        </p>
      </Clause>

      <Clause number={7} title="Risk and insurance">
        <p>
          What the Renter keeps in the space stays at the Renter's risk; the Renter may insure it. The Host is
          responsible for loss or damage caused by the Host's own fault or negligence.
        </p>
      </Clause>

      <Clause number={8} title="Extensions, ending and disputes">
        <p>
          Extensions and early terminations are requested and agreed through Space Solution, under its terms
          and conditions, which form part of this contract. Disputes go first to the Space Solution resolution
          center. This contract is governed by the laws of the Republic of the Philippines.
        </p>
      </Clause>

      <section className="mt-10 grid break-inside-avoid gap-8 sm:grid-cols-2" aria-label="Signatures">
        <div>
          <p className="border-b border-slate-500 pb-8">
            <span className="sr-only">Host's signature: blank</span>
          </p>
          <p className="mt-1 text-sm">The Host's signature and date</p>
        </div>
        <div>
          <p className="border-b border-slate-500 pb-8">
            <span className="sr-only">Renter's signature: blank</span>
          </p>
          <p className="mt-1 text-sm">The Renter's signature and date</p>
        </div>
      </section>
    </article>
  );
}
