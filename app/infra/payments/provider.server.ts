import { type Env, getEnv } from "~/env.server";
import { paymongoProvider } from "./paymongo.server";
import { sandboxProvider } from "./sandbox.server";
import type { PaymentProvider } from "./types";

/**
 * The provider payments go to (ADR 0022): the one PAYMENT_PROVIDER names, else PayMongo when its key is set, else the
 * built-in sandbox — but not on an https site (a real deployment), where anyone could "pay" on the sandbox's page:
 * there, null (payments are refused) unless PAYMENT_PROVIDER=sandbox asks for it.
 */
export function paymentProvider(env: Env = getEnv()): PaymentProvider | null {
  if (env.PAYMENT_PROVIDER === "paymongo" || (!env.PAYMENT_PROVIDER && env.PAYMONGO_SECRET_KEY))
    return paymongoProvider(env);
  if (env.PAYMENT_PROVIDER === "sandbox" || !env.secureCookies) return sandboxProvider(env);
  return null;
}
