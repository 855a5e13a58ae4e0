/**
 * The hosted flow's languages and their messages (use-intl, the core of next-intl). The page
 * wraps the flow in `<FlowIntl locale>` (./flow-intl.tsx); components call `useTranslations()`.
 * The session's `locale` picks the language; the applicant can switch. English comes with the
 * page; every other language is its own chunk, loaded when first shown (`loadMessages`), so an
 * English page does not download the Hindi text.
 */
import { en } from "./en";

export const FLOW_LOCALES = ["en", "hi"] as const;
export type Locale = (typeof FLOW_LOCALES)[number];

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (FLOW_LOCALES as readonly string[]).includes(v);
}

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

export type FlowMessages = typeof en;

/** `hi` has the shape of `en` (checked in hi.ts); use-intl types messages by the English literals. */
const LOADERS: Record<Locale, () => Promise<FlowMessages>> = {
  en: () => Promise.resolve(en),
  hi: () => import("./hi").then((m) => m.hi as unknown as FlowMessages),
};

const loaded: Partial<Record<Locale, FlowMessages>> = { en };

/** The messages of `locale` once loaded (`loadMessages`), else undefined; English always. */
export function messagesIfLoaded(locale: Locale): FlowMessages | undefined {
  return loaded[locale];
}

/** Keeps `messages` as the loaded messages of `locale` (the page's server passes its language's; same content as the chunk). */
export function seedMessages(locale: Locale, messages: FlowMessages): void {
  loaded[locale] ??= messages;
}

/** Loads (once) and returns the messages of `locale`. */
export async function loadMessages(locale: Locale): Promise<FlowMessages> {
  return (loaded[locale] ??= await LOADERS[locale]());
}

/** Dates and times of the flow are Indian (the service's first country). */
export const FLOW_TIME_ZONE = "Asia/Kolkata";
