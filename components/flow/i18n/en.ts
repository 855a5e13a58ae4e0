/**
 * Every English message of the hosted flow (ICU MessageFormat, use-intl), from its two parts:
 * ./en-first.ts (what every page loads) and ./en-steps.ts (the other steps' screens, loaded when
 * first needed; ./locales.ts loads the parts, never this module). This object is the shape every
 * other language must have, and `AppConfig.Messages` (use-intl.d.ts) makes `t("…")` keys and
 * arguments type-checked.
 */
import { enFirst } from "./en-first";
import { enSteps } from "./en-steps";

export const en = { ...enFirst, ...enSteps };

/** The shape of a part of `en` with every message widened to `string` (another language's part is typed with it). */
export type MessageShape<T> = { [K in keyof T]: T[K] extends string ? string : MessageShape<T[K]> };
