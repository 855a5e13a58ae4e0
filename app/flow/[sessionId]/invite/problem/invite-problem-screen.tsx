"use client";
import { useState } from "react";
import { IntlProvider, useTranslations } from "use-intl";
import { FlowShell, MessageScreen } from "~/components/flow/flow-shell";
import { FLOW_LOCALES, FLOW_TIME_ZONE, isLocale, type Locale, MESSAGES } from "~/components/flow/i18n/locales";
import { LinkProblemScreen } from "~/components/flow/link-problem-screen";
import type { InviteProblem } from "~/server/kyb/key-person-invite";

/**
 * A refused invitation link in the hosted flow's frame, in the session's language (switchable):
 * the flow's own link-problem screen, or, when the person has already finished, a screen saying
 * there is nothing left to do.
 */
export function InviteProblemScreen({ problem }: { problem: InviteProblem }) {
  const [locale, setLocale] = useState<Locale>(isLocale(problem.locale) ? problem.locale : "en");
  return (
    <IntlProvider locale={locale} messages={MESSAGES[locale]} timeZone={FLOW_TIME_ZONE}>
      <FlowShell locale={locale} organizationName={problem.org ?? undefined} testMode={problem.testMode} languages={FLOW_LOCALES} onLocaleChange={setLocale}>
        {problem.reason === "session_finished" ? (
          <FinishedScreen org={problem.org} />
        ) : (
          <LinkProblemScreen problem={{ reason: problem.reason, org: problem.org }} />
        )}
      </FlowShell>
    </IntlProvider>
  );
}

function FinishedScreen({ org }: { org: string | null }) {
  const t = useTranslations("kyb");
  const tl = useTranslations("link");
  return (
    <MessageScreen tone="success" title={t("inviteFinishedTitle")} testId="flow-link-problem" status="session_finished">
      <p>{t("inviteFinishedBody", { org: org ?? tl("theBusiness") })}</p>
    </MessageScreen>
  );
}
