"use client";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { applicantText } from "./applicant-reason";
import { MessageScreen, type ScreenTone } from "./flow-shell";
import type { Locale } from "./i18n/locales";
import type { FlowSession, SessionStatus } from "./flow-types";

const REDIRECT_SECONDS = 3;

type OutcomeT = ReturnType<typeof useTranslations<"outcome">>;

function outcomeCopy(status: SessionStatus, t: OutcomeT, org: string): { tone: ScreenTone; title: string; body: string } {
  switch (status) {
    case "approved":
      return { tone: "success", title: t("approvedTitle"), body: t("approvedBody", { org }) };
    case "declined":
      return { tone: "neutral", title: t("declinedTitle"), body: t("declinedBody", { org }) };
    default:
      return { tone: "info", title: t("reviewTitle"), body: t("reviewBody", { org }) };
  }
}

/**
 * The end of the flow (approved, declined, in review; expired and cancelled have their own screen). With a `redirectUrl` (redirect mode) a Continue button goes back to the
 * business, and we go there on our own after a few seconds. `redirect={false}`: never (the
 * embeddable modal, whose page hears `completed` instead).
 */
export function OutcomeScreen({ session, locale, redirect = true }: { session: FlowSession; locale: Locale; redirect?: boolean }) {
  const t = useTranslations("outcome");
  // a declined session: what the business tells the applicant about its reason code
  const reason = applicantText(session.decisionReason, locale);
  const org = session.organizationName;
  const copy = outcomeCopy(session.status, t, org);
  const redirectUrl = redirect ? session.redirectUrl : null;
  const [secondsLeft, setSecondsLeft] = useState(REDIRECT_SECONDS);

  useEffect(() => {
    if (!redirectUrl) return;
    const started = Date.now();
    const timer = window.setInterval(() => {
      const left = REDIRECT_SECONDS - Math.floor((Date.now() - started) / 1000);
      setSecondsLeft(Math.max(left, 0));
      if (left <= 0) {
        window.clearInterval(timer);
        window.location.assign(redirectUrl);
      }
    }, 250);
    return () => window.clearInterval(timer);
  }, [redirectUrl]);

  return (
    <MessageScreen
      tone={copy.tone}
      title={copy.title}
      testId="flow-outcome"
      status={session.status}
      actions={
        redirectUrl ? (
          <>
            <Button size="lg" block onClick={() => window.location.assign(redirectUrl)}>
              {t("continueTo", { org })}
            </Button>
            <p className="text-sm text-slate-500" aria-live="polite">
              {t("redirecting", { seconds: secondsLeft })}
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-500">{t("closePage")}</p>
        )
      }
    >
      <p>{copy.body}</p>
      {reason ? (
        <p className="mt-3" data-testid="flow-outcome-reason">
          {reason}
        </p>
      ) : null}
    </MessageScreen>
  );
}
