import { PAYMENT_METHOD_NAMES, PAYMENT_METHODS, type PaymentMethod } from "~/domain/payment-methods";

/** The three ways to pay as radio buttons (a plain form field, so it works without JavaScript). */
export function MethodChoice({
  name,
  chosen,
  label = (method) => PAYMENT_METHOD_NAMES[method],
}: {
  name: string;
  chosen: PaymentMethod;
  label?: (method: PaymentMethod) => string;
}) {
  return (
    <div className="mt-2 grid gap-2 sm:grid-cols-3">
      {PAYMENT_METHODS.map((method) => (
        <label key={method} className="flex items-center gap-2 rounded-md border border-slate-300 p-3">
          <input type="radio" name={name} value={method} defaultChecked={method === chosen} />
          {label(method)}
        </label>
      ))}
    </div>
  );
}
