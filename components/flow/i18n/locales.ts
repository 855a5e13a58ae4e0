/**
 * The hosted flow's languages and their messages (use-intl, the core of next-intl). The page
 * wraps the flow in `<IntlProvider locale messages>` (flow-app.tsx); components call
 * `useTranslations()`. The session's `locale` picks the language; the applicant can switch.
 */
import { en } from "./en";
import { hi } from "./hi";

export const FLOW_LOCALES = ["en", "hi"] as const;
export type Locale = (typeof FLOW_LOCALES)[number];

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (FLOW_LOCALES as readonly string[]).includes(v);
}

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

export type FlowMessages = typeof en;

/** `hi` has the shape of `en` (checked in hi.ts); use-intl types messages by the English literals. */
export const MESSAGES: Record<Locale, FlowMessages> = { en, hi: hi as unknown as FlowMessages };

/** Dates and times of the flow are Indian (the service's first country). */
export const FLOW_TIME_ZONE = "Asia/Kolkata";
