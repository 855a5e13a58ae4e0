"use client";
import { useEffect } from "react";
import { useTranslations } from "use-intl";
import { Badge } from "~/components/ui/badge";
import { cn, focusRing } from "~/components/ui/cn";
import type { ProjectBranding } from "~/server/projects/branding";
import { brandThemeVariables } from "./brand-theme";
import { LANGUAGE_NAMES, type Locale } from "./i18n/locales";

/**
 * The flow's typeface (issue 18, app/fonts.ts): Devanagari in "Verify Devanagari" (the device's
 * Noto Sans Devanagari, else the app's subset), Latin in the device's own sans-serif, so no page
 * of the flow waits for or downloads a Latin web font. Set on the frame, which holds every
 * screen of the flow.
 */
export const FLOW_FONT_FAMILY = '"Verify Devanagari", ui-sans-serif, system-ui, sans-serif';

/**
 * The hosted flow's frame: who the verification is for (the project's logo, else its name), a
 * test-mode badge, the language switcher, and one centred column (full width on phones, a card
 * from 640 px). The project's brand colour becomes the accent of everything inside
 * (brand-theme.ts); without branding the default look applies. Everything inside is written in
 * `FLOW_FONT_FAMILY`.
 */
export function FlowShell({
  locale,
  organizationName,
  branding,
  testMode = false,
  languages,
  onLocaleChange,
  children,
}: {
  locale: Locale;
  organizationName?: string;
  branding?: ProjectBranding | null;
  testMode?: boolean;
  languages: readonly Locale[];
  onLocaleChange: (l: Locale) => void;
  children: React.ReactNode;
}) {
  const t = useTranslations("common");
  const theme = brandThemeVariables(branding?.brandColor ?? null);
  const name = organizationName ?? "Verify";
  useDocumentLanguage(locale, `${t("pageTitle")} · ${name}`);
  return (
    <div
      lang={locale}
      className="flex min-h-dvh flex-col bg-white sm:bg-slate-50"
      style={{ fontFamily: FLOW_FONT_FAMILY, ...theme } as React.CSSProperties}
      data-testid="flow-shell"
    >
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex min-h-16 w-full max-w-xl items-center justify-between gap-3 px-4">
          <div className="min-w-0">
            {branding?.logoUrl ? (
              <img src={branding.logoUrl} alt={name} className="mt-1 block h-8 w-auto max-w-44 object-contain object-left" data-testid="flow-logo" />
            ) : (
              <p className="truncate text-base font-semibold text-slate-900">{name}</p>
            )}
            <div className="mt-0.5 flex min-w-0 items-center gap-2">
              {testMode ? (
                <Badge tone="amber" dot className="shrink-0">
                  {t("testMode")}
                </Badge>
              ) : null}
              <p className={cn("truncate text-xs text-slate-500", testMode && "max-[400px]:hidden")}>{t("identityVerification")}</p>
            </div>
          </div>
          <div className="shrink-0">
            {languages.length > 1 ? <LanguageSwitcher locale={locale} languages={languages} label={t("language")} onChange={onLocaleChange} /> : null}
          </div>
        </div>
      </header>
      <main className="mx-auto w-full max-w-xl flex-1 px-4 py-6 sm:py-10">
        <div className="sm:rounded-xl sm:border sm:border-slate-200 sm:bg-white sm:p-8 sm:shadow-sm">{children}</div>
      </main>
      <footer className="flex items-center justify-center gap-1.5 py-5 text-xs text-slate-500">
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-3.5">
          <path
            fillRule="evenodd"
            d="M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z"
            clipRule="evenodd"
          />
        </svg>
        {t("securedBy")}
      </footer>
    </div>
  );
}

/**
 * The page's `<html lang>` and title follow the flow's language (WCAG 3.1.1: a Hindi page is
 * announced as Hindi). The server renders the session's language (app/layout.tsx); this keeps
 * it in step with a language the applicant switches to, or one this tab chose earlier.
 */
function useDocumentLanguage(locale: Locale, title: string) {
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
  useEffect(() => {
    document.title = title;
  }, [title]);
}

function LanguageSwitcher({
  locale,
  languages,
  label,
  onChange,
}: {
  locale: Locale;
  languages: readonly Locale[];
  label: string;
  onChange: (l: Locale) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex rounded-lg border border-slate-300 bg-white p-0.5">
      {languages.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={l === locale}
          onClick={() => onChange(l)}
          className={cn(
            "min-h-11 min-w-11 rounded-md px-2.5 text-sm font-medium transition-colors",
            focusRing,
            l === locale ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100",
            // another script's name in the system's font: a page in English does not fetch the Devanagari web font for one word
            l !== locale && "[font-family:system-ui,sans-serif]",
          )}
        >
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}

/** "Step i of n" with a segmented bar. */
export function StepProgress({ index, total }: { index: number; total: number }) {
  const t = useTranslations("common");
  if (total < 2) return null;
  return (
    <div>
      <p className="text-sm font-medium text-slate-600">{t("stepOf", { current: index + 1, total })}</p>
      <div className="mt-2 flex gap-1.5" aria-hidden="true">
        {Array.from({ length: total }, (_, i) => (
          <span key={i} className={cn("h-1.5 flex-1 rounded-full", i <= index ? "bg-brand-600" : "bg-slate-200")} />
        ))}
      </div>
    </div>
  );
}

export type ScreenTone = "success" | "info" | "neutral" | "warning" | "progress";

const TONE_STYLES: Record<ScreenTone, string> = {
  success: "bg-emerald-100 text-emerald-700",
  info: "bg-brand-100 text-brand-700",
  neutral: "bg-slate-100 text-slate-600",
  warning: "bg-amber-100 text-amber-700",
  progress: "bg-brand-50 text-brand-600",
};

const ICONS: Record<ScreenTone, React.ReactNode> = {
  success: <path strokeLinecap="round" strokeLinejoin="round" d="m4.5 12.75 6 6 9-13.5" />,
  info: <path strokeLinecap="round" strokeLinejoin="round" d="M12 6v6h4.5m4.5 0a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z" />,
  neutral: (
    <path
      strokeLinecap="round"
      strokeLinejoin="round"
      d="m11.25 11.25.041-.02a.75.75 0 0 1 1.063.852l-.708 2.836a.75.75 0 0 0 1.063.853l.041-.021M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9-3.75h.008v.008H12V8.25Z"
    />
  ),
  warning: <path strokeLinecap="round" strokeLinejoin="round" d="M12 9v3.75m9-.75a9 9 0 1 1-18 0 9 9 0 0 1 18 0Zm-9 3.75h.008v.008H12v-.008Z" />,
  progress: null,
};

/** A full-screen message (outcome, expired link, network error): icon, title, text, actions. */
export function MessageScreen({
  tone,
  title,
  children,
  actions,
  testId,
  status,
}: {
  tone: ScreenTone;
  title: string;
  children?: React.ReactNode;
  actions?: React.ReactNode;
  testId?: string;
  status?: string;
}) {
  return (
    <div data-testid={testId} data-status={status} className="flex flex-col items-center py-6 text-center">
      <div className={cn("flex size-16 items-center justify-center rounded-full", TONE_STYLES[tone])}>
        {tone === "progress" ? (
          <svg className="size-8 animate-spin" viewBox="0 0 24 24" fill="none" aria-hidden="true">
            <circle cx="12" cy="12" r="10" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
            <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
          </svg>
        ) : (
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true" className="size-8">
            {ICONS[tone]}
          </svg>
        )}
      </div>
      <h1 tabIndex={-1} className="mt-5 text-xl font-semibold text-balance text-slate-900 outline-none">
        {title}
      </h1>
      {children ? <div className="mt-2 max-w-sm text-base text-pretty text-slate-600">{children}</div> : null}
      {actions ? <div className="mt-8 flex w-full max-w-sm flex-col gap-3">{actions}</div> : null}
    </div>
  );
}
