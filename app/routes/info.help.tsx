import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { HELP_GROUPS } from "~/content/help";
import { getEnv } from "~/env.server";
import { pageMeta } from "~/utils/meta";

/** /info/help: the help center — questions and answers for renters and hosts, and how to reach us. */
export const meta: MetaFunction = () =>
  pageMeta(
    "Help center",
    "Answers for renters and hosts on Space Solution: booking, payments, deposits, cancellations, listing and payouts.",
  );

export function loader() {
  return { supportEmail: getEnv().SUPPORT_EMAIL };
}

export default function HelpCentre() {
  const { supportEmail } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-6 py-12">
      <h1 className="text-3xl font-bold">Help center</h1>
      <p className="mt-3 text-lg text-slate-700">
        Answers to the questions renters and hosts ask us most. Can’t find yours? Scroll down to contact us.
      </p>
      <nav aria-label="Help topics" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {[
            ...HELP_GROUPS.map(({ id, title }) => ({ id, title })),
            { id: "contact", title: "Contact us" },
          ].map(({ id, title }) => (
            <li key={id}>
              <a
                href={`#${id}`}
                className="inline-block rounded-full border border-slate-300 bg-white px-4 py-1.5 font-semibold text-brand-700 hover:border-brand-600"
              >
                {title}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {HELP_GROUPS.map((group) => (
        <section
          key={group.id}
          id={group.id}
          className="mt-10 scroll-mt-20"
          aria-labelledby={`${group.id}-heading`}
        >
          <h2 id={`${group.id}-heading`} className="text-2xl font-bold">
            {group.title}
          </h2>
          <div className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {group.questions.map((item) => (
              <details key={item.id} id={item.id} className="group scroll-mt-20 px-5 py-4">
                <summary className="cursor-pointer font-semibold text-slate-900 marker:text-brand-600">
                  {item.question}
                </summary>
                <div className="mt-3 space-y-3 text-slate-700">
                  {item.answer.map((paragraph) => (
                    <p key={paragraph}>{paragraph}</p>
                  ))}
                  {item.link ? (
                    <p>
                      <Link to={item.link.to} className="font-semibold text-brand-700 underline">
                        {item.link.label}
                      </Link>
                    </p>
                  ) : null}
                </div>
              </details>
            ))}
          </div>
        </section>
      ))}

      <section id="contact" className="mt-10 scroll-mt-20" aria-labelledby="contact-heading">
        <h2 id="contact-heading" className="text-2xl font-bold">
          Contact us
        </h2>
        <ul className="mt-4 space-y-4 text-slate-700">
          <li>
            <Link to="/contact-us" className="font-semibold text-brand-700 underline">
              Send us a message
            </Link>{" "}
            — our support team answers by e-mail, no account needed.
          </li>
          <li>
            <Link to="/user-profile/give-feed-back" className="font-semibold text-brand-700 underline">
              Give feedback
            </Link>{" "}
            — tell us what works and what does not, or report a problem with the site. You will be asked to
            log in first.
          </li>
          <li>
            <Link to="/user-profile/resolution-center" className="font-semibold text-brand-700 underline">
              Resolution center
            </Link>{" "}
            — for a problem with a booking, a deposit claim or a dispute with a host or renter.
          </li>
          <li>
            E-mail{" "}
            <a href={`mailto:${supportEmail}`} className="font-semibold text-brand-700 underline">
              {supportEmail}
            </a>{" "}
            — write to our support team about anything else.
          </li>
          <li>
            Read our{" "}
            <Link to="/policies" className="font-semibold text-brand-700 underline">
              terms and policies
            </Link>{" "}
            for the rules on bookings, cancellations, deposits and your privacy.
          </li>
        </ul>
      </section>
    </div>
  );
}
