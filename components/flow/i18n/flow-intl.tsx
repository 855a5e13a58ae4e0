"use client";
/**
 * The flow's messages for a language (./locales.ts): `useShownLocale(locale)` is the language
 * the page can show now (the requested one once its messages are loaded, English until then),
 * and `<FlowIntl locale>` provides that language's messages to use-intl. A page passes the shown
 * language to everything that labels it (`lang`, the switcher), so text and `lang` agree.
 */
import { type ComponentType, use, useEffect, useState } from "react";
import { IntlProvider } from "use-intl";
import { FLOW_TIME_ZONE, loadMessages, type Locale, messagesIfLoaded, stepMessages } from "./locales";

/** `requested` once its messages are loaded (starting the load), else "en". */
export function useShownLocale(requested: Locale): Locale {
  const [, setLoaded] = useState<Locale | null>(null);
  useEffect(() => {
    if (messagesIfLoaded(requested)) return;
    let live = true;
    void loadMessages(requested).then(() => live && setLoaded(requested));
    return () => {
      live = false;
    };
  }, [requested]);
  return messagesIfLoaded(requested) ? requested : "en";
}

/** use-intl's provider with the messages of `locale` (a shown locale: its messages are loaded). */
export function FlowIntl({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  return (
    <IntlProvider locale={locale} messages={messagesIfLoaded(locale) ?? messagesIfLoaded("en")} timeZone={FLOW_TIME_ZONE}>
      {children}
    </IntlProvider>
  );
}

/**
 * `children` in a provider of `locale`'s messages with the step screens' part (./locales.ts
 * `stepMessages`): waits for that part first (`use`: the nearest Suspense boundary shows its
 * fallback meanwhile). For a screen that shows the step screens' messages.
 */
export function StepMessagesIntl({ locale, children }: { locale: Locale; children: React.ReactNode }) {
  use(stepMessages(locale));
  return <FlowIntl locale={locale}>{children}</FlowIntl>;
}

/** `Component` (a step screen's, or another screen of the step screens' messages) in `<StepMessagesIntl>` of its `locale` prop. */
export function withStepMessages<P extends object>(Component: ComponentType<P>): ComponentType<P & { locale: Locale }> {
  function WithStepMessages(props: P & { locale: Locale }) {
    return (
      <StepMessagesIntl locale={props.locale}>
        <Component {...props} />
      </StepMessagesIntl>
    );
  }
  WithStepMessages.displayName = `WithStepMessages(${Component.displayName ?? Component.name})`;
  return WithStepMessages;
}
