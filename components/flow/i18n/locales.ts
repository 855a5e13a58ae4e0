/**
 * The hosted flow's languages and their messages (use-intl, the core of next-intl). The page
 * wraps the flow in `<FlowIntl locale>` (./flow-intl.tsx); components call `useTranslations()`.
 * The session's `locale` picks the language; the applicant can switch.
 *
 * Each language's messages come in two parts (issue 18, "fast on a cheap phone": a screen loads
 * only its own text): `first` (./en-first.ts: the frame, the consent step, the screens outside a
 * step), which English brings with the page and every other language loads as its own chunk when
 * first shown (`loadMessages`; a page in that language gets it from the server); and `steps`
 * (./en-steps.ts: the other steps' screens), loaded for a language the first time a step screen
 * other than the consent renders in it (`stepMessages`, which ./steps/step-registry.ts awaits
 * before such a screen renders). So an English page does not download the Hindi text, and the
 * consent screen not the other steps' text.
 */
import type { en } from "./en";
import { enFirst } from "./en-first";
import type { enSteps } from "./en-steps";

export const FLOW_LOCALES = ["en", "hi"] as const;
export type Locale = (typeof FLOW_LOCALES)[number];

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (FLOW_LOCALES as readonly string[]).includes(v);
}

/** Each language named in itself, for the switcher. */
export const LANGUAGE_NAMES: Record<Locale, string> = { en: "English", hi: "हिन्दी" };

/** A language's messages (use-intl types them by the English literals; other languages have the same shape, checked in their files). */
export type FlowMessages = typeof en;
/** The part every page loads (./en-first.ts). */
export type FirstMessages = typeof enFirst;
type StepMessages = typeof enSteps;

const LOADERS: { [L in Locale]: { first: () => Promise<FirstMessages>; steps: () => Promise<StepMessages> } } = {
  en: { first: () => Promise.resolve(enFirst), steps: () => import("./en-steps").then((m) => m.enSteps) },
  hi: {
    first: () => import("./hi-first").then((m) => m.hiFirst as unknown as FirstMessages),
    steps: () => import("./hi-steps").then((m) => m.hiSteps as unknown as StepMessages),
  },
};

const firsts: Partial<Record<Locale, FirstMessages>> = { en: enFirst };
const steps: Partial<Record<Locale, StepMessages>> = {};
const stepLoads: Partial<Record<Locale, Promise<void>>> = {};
/** The merged messages handed to use-intl, per language (a new object once a part arrives). */
const merged: Partial<Record<Locale, FlowMessages>> = {};

/**
 * The messages of `locale` loaded so far (its `first` part, with its `steps` part once
 * `stepMessages(locale)` has loaded it), else undefined when not even the first part is loaded;
 * English always. A step screen's messages are there once `stepMessages` has resolved.
 */
export function messagesIfLoaded(locale: Locale): FlowMessages | undefined {
  const first = firsts[locale];
  if (!first) return undefined;
  return (merged[locale] ??= { ...first, ...steps[locale] } as FlowMessages);
}

/** Keeps `messages` as the first part of `locale` (the page's server passes its language's; same content as the chunk). */
export function seedMessages(locale: Locale, messages: FirstMessages): void {
  firsts[locale] ??= messages;
}

/** Loads (once) and returns the first part of `locale`'s messages (what the page's server passes on). */
export async function loadFirstMessages(locale: Locale): Promise<FirstMessages> {
  return (firsts[locale] ??= await LOADERS[locale].first());
}

/**
 * Loads (once) the messages of `locale` a screen needs and returns them: its first part, and its
 * step screens' part too once a step screen has loaded that of another language (a language
 * switched to in the middle of the flow).
 */
export async function loadMessages(locale: Locale): Promise<FlowMessages> {
  await Promise.all([loadFirstMessages(locale), Object.keys(stepLoads).length > 0 ? stepMessages(locale) : undefined]);
  return messagesIfLoaded(locale)!;
}

/**
 * Loads (once per language) the step screens' part of `locale`'s messages; the same promise on
 * every call (React's `use` can wait for it). Rejects when the chunk fails to load (the step's
 * screen then fails as when its own code does); a later call tries again.
 */
export function stepMessages(locale: Locale): Promise<void> {
  return (stepLoads[locale] ??= LOADERS[locale].steps().then(
    (messages) => {
      steps[locale] = messages;
      delete merged[locale];
    },
    (err: unknown) => {
      delete stepLoads[locale];
      throw err;
    },
  ));
}

/** Dates and times of the flow are Indian (the service's first country). */
export const FLOW_TIME_ZONE = "Asia/Kolkata";
