import { z } from "zod/v4";
import { AMOUNT_RULE, CaseFieldsSchema } from "~/api/resol/resolutions.server";
import { parsePeso } from "~/domain/money";

/**
 * A new case's form (user-profile/resolution-center/new) as its action reads it: the API's fields, and the amount in
 * pesos as typed (the API takes centavos). Kept on the server with the API's schema it extends: a route module's top
 * level also runs in the browser, where a `.server` module is empty.
 */
export const NewCaseSchema = CaseFieldsSchema.extend({
  amount: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || parsePeso(value) !== null, AMOUNT_RULE),
});
