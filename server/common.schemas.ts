/**
 * Schemas shared by the API objects of every domain (decisions.md "Identifiers and objects").
 * Response schemas are written once, next to their domain, with `.meta({ id, description })`:
 * the DTO functions return their inferred types, and the OpenAPI document
 * (server/http/openapi.ts) publishes them under `components.schemas.<id>`.
 */
import { z } from "zod";

/** ISO 8601 UTC with milliseconds, e.g. `2026-10-01T12:00:00.000Z`. */
export const ZTimestamp = z.iso.datetime().meta({ description: "ISO 8601 UTC with milliseconds.", examples: ["2026-10-01T12:00:00.000Z"] });

export const ZMode = z.enum(["test", "live"]).meta({
  id: "Mode",
  description:
    "`test`: made with an `sk_test_` key; every check runs against the sandbox provider. `live`: made with an `sk_live_` key. Test and live data never mix.",
});
export type TMode = z.infer<typeof ZMode>;

/**
 * The list shape of every list endpoint (`limit`, `starting_after`, `has_more`; newest first).
 * Call once per item type, at module level: `id` names the schema in the OpenAPI document.
 */
export function ZList<T extends z.ZodType>(item: T, id: string, what: string) {
  return z
    .object({
      object: z.literal("list"),
      data: z.array(item).meta({ description: `The ${what} of this page, newest first.` }),
      has_more: z.boolean().meta({ description: "Whether more items follow. To fetch them, pass the `id` of the last item as `starting_after`." }),
    })
    .meta({ id, description: `A page of ${what}.` });
}
