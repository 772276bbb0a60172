import { Form, type MetaDescriptor, NavLink } from "@remix-run/react";
import type { ReactNode } from "react";
import type { ShellHandle } from "~/utils/shell";

/**
 * The operator console's frame (docs/operations.md): the queues the operator's role may open, who is signed in, and
 * leaving the console. Plain links and a form: it works without JavaScript.
 */
export function ConsoleShell({
  state,
  title,
  children,
}: {
  state: { email: string; role: string; queues: { key: string; label: string; path: string }[] };
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 pb-3">
        <p className="font-bold text-slate-900">
          Space Solution operations{" "}
          <span className="font-normal text-slate-700">
            · {state.email} ({state.role})
          </span>
        </p>
        <Form method="post" action="/operations">
          <input type="hidden" name="intent" value="signOut" />
          <button type="submit" className="text-sm font-semibold text-brand-700 underline">
            Leave the console
          </button>
        </Form>
      </header>
      <nav aria-label="Queues" className="mt-3 flex flex-wrap gap-2">
        {state.queues.map((queue) => (
          <NavLink
            key={queue.key}
            to={queue.path}
            className={({ isActive }) =>
              `rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-700 text-white" : "border border-slate-300 text-slate-800"}`
            }
          >
            {queue.label}
          </NavLink>
        ))}
      </nav>
      <h1 className="mt-5 text-2xl font-bold text-slate-900">{title}</h1>
      <div className="mt-4">{children}</div>
    </div>
  );
}

/** Every console page stands alone: the app's header and bottom menu are not shown. */
export const consoleHandle: ShellHandle = { hideHeader: true, hideBottomMenu: true };

/** A console page's title; search engines are told to keep the console out. */
export function consoleMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | Operations` }, { name: "robots", content: "noindex" }];
}
