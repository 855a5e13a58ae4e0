/**
 * zod fields for optional environment variables, shared by server/env.ts (validated once at
 * start-up) and the modules that parse their own variables again at use time: an empty string
 * counts as unset, as in server/env.ts (`emptyStringAsUndefined`).
 */
import { z } from "zod";

export const optionalEnv = <T extends z.ZodType>(schema: T) => z.preprocess((v: unknown) => (v === "" ? undefined : v), schema.optional());
