"use client";
import { useEffect, useState } from "react";
import { Button } from "~/components/ui/button";
import { MessageScreen, type ScreenTone } from "./flow-shell";
import type { FlowSession, SessionStatus } from "./flow-types";
import type { Messages } from "./i18n";

const REDIRECT_SECONDS = 3;

function outcomeCopy(status: SessionStatus, t: Messages, org: string): { tone: ScreenTone; title: string; body: string } {
  switch (status) {
    case "approved":
      return { tone: "success", title: t.approvedTitle, body: t.approvedBody(org) };
    case "review":
      return { tone: "info", title: t.reviewTitle, body: t.reviewBody(org) };
    case "declined":
      return { tone: "neutral", title: t.declinedTitle, body: t.declinedBody(org) };
    case "cancelled":
      return { tone: "neutral", title: t.cancelledTitle, body: t.cancelledBody(org) };
    default:
      return { tone: "warning", title: t.expiredTitle, body: t.expiredBody(org) };
  }
}

/**
 * The end of the flow. With a `redirectUrl` (redirect mode) a Continue button goes back to the
 * business, and we go there on our own after a few seconds.
 */
export function OutcomeScreen({ session, t }: { session: FlowSession; t: Messages }) {
  const org = session.organizationName;
  const copy = outcomeCopy(session.status, t, org);
  const redirectUrl = session.redirectUrl;
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
              {t.continueTo(org)}
            </Button>
            <p className="text-sm text-slate-500" aria-live="polite">
              {t.redirecting(secondsLeft)}
            </p>
          </>
        ) : (
          <p className="text-sm text-slate-500">{t.closePage}</p>
        )
      }
    >
      <p>{copy.body}</p>
    </MessageScreen>
  );
}
