/** The looks of the booking page's action forms: the main button of a form, the others, and a text field. */
const button = "rounded-md px-4 py-2.5 font-semibold disabled:opacity-60";
export const primary = `${button} bg-brand-600 text-white hover:bg-brand-700`;
export const secondary = `${button} border border-slate-400 text-slate-800 hover:bg-slate-50`;
export const field = "mt-1 block w-full rounded-md border border-slate-300 px-3 py-2";
