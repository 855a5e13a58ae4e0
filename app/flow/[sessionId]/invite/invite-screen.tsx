"use client";
import { useMutation } from "@tanstack/react-query";
import { Suspense, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { FlowShell, MessageScreen } from "~/components/flow/flow-shell";
import { FlowIntl, StepMessagesIntl, useShownLocale } from "~/components/flow/i18n/flow-intl";
import { FLOW_LOCALES, isLocale, type Locale } from "~/components/flow/i18n/locales";
import { LinkProblemScreen } from "~/components/flow/link-problem-screen";
import { TRPCReactProvider, useTRPC } from "~/components/trpc/react";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import type { InviteOpening, InviteProblem } from "~/server/kyb/key-person-invite";

/** The invite token from the fragment (`#k=ki_...`), which is then removed from the address bar and the history entry. */
function takeInviteToken(): string {
  const params = new URLSearchParams(window.location.hash.replace(/^#/, ""));
  const k = params.get("k") ?? "";
  if (window.location.hash) window.history.replaceState(window.history.state, "", `${window.location.pathname}${window.location.search}`);
  return k;
}

/**
 * A key person's invitation link opened (`/flow/{id}/invite#k=ki_...`, server/kyb/key-person-invite.ts).
 * The token is read from the fragment (never sent in a URL) and posted to `flow.openInvite`:
 * the flow opens with a fresh client token; or, when the verification is already open on
 * another device or tab, the person is asked whether to continue here (which stops it there);
 * or the reason the link does not work, in the flow's own words.
 */
export function InviteScreen({ sessionId }: { sessionId: string }) {
  return (
    <TRPCReactProvider>
      <InviteOpener sessionId={sessionId} />
    </TRPCReactProvider>
  );
}

function InviteOpener({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC();
  const token = useRef<string | null>(null);
  const open = useMutation(
    trpc.flow.openInvite.mutationOptions({
      onSuccess: (r) => {
        if (r.outcome === "opened") window.location.replace(r.url);
      },
    }),
  );
  const { mutate } = open;
  useEffect(() => {
    // once per page load: the fragment is gone after the first read (and effects may run twice in development)
    if (token.current === null) {
      token.current = takeInviteToken();
      mutate({ sessionId, invite: token.current });
    }
    // another invitation opened in this tab changes only the fragment: start over with it
    const onHashChange = () => {
      if (/(^#|&)k=/.test(window.location.hash)) window.location.reload();
    };
    window.addEventListener("hashchange", onHashChange);
    return () => window.removeEventListener("hashchange", onHashChange);
  }, [mutate, sessionId]);

  const answer: InviteOpening | undefined = open.data;
  if (open.isError) return <Problem problem={{ reason: "invalid", org: null, locale: null, testMode: false }} />;
  if (answer?.outcome === "problem") return <Problem problem={answer.problem} />;
  if (answer?.outcome === "in_use") {
    return (
      <Frame key="in_use" initialLocale={answer.locale} org={answer.org} testMode={answer.testMode}>
        <InUse org={answer.org} pending={open.isPending} onContinue={() => mutate({ sessionId, invite: token.current ?? "", takeOver: true })} />
      </Frame>
    );
  }
  return (
    <Frame key="opening" initialLocale={null} org={null} testMode={false}>
      <Opening />
    </Frame>
  );
}

/** The flow's frame in the session's language (switchable); its screens show the KYB messages (the step screens' part, ~/components/flow/i18n/locales.ts). */
function Frame({ initialLocale, org, testMode, children }: { initialLocale: string | null; org: string | null; testMode: boolean; children: React.ReactNode }) {
  const [requested, setLocale] = useState<Locale>(isLocale(initialLocale) ? initialLocale : "en");
  const locale = useShownLocale(requested);
  return (
    <FlowIntl locale={locale}>
      <FlowShell locale={locale} organizationName={org ?? undefined} testMode={testMode} languages={FLOW_LOCALES} onLocaleChange={setLocale}>
        <Suspense fallback={<Waiting />}>
          <StepMessagesIntl locale={locale}>{children}</StepMessagesIntl>
        </Suspense>
      </FlowShell>
    </FlowIntl>
  );
}

function Opening() {
  const t = useTranslations("kyb");
  return <Waiting label={t("inviteOpening")} />;
}

/** A spinner (`label`: what it waits for; else "Loading…"). */
function Waiting({ label }: { label?: string }) {
  const t = useTranslations("common");
  return (
    <div className="flex min-h-40 items-center justify-center text-slate-600" data-testid="invite-opening">
      <Spinner className="size-6" label={label ?? t("loading")} />
    </div>
  );
}

function InUse({ org, pending, onContinue }: { org: string; pending: boolean; onContinue: () => void }) {
  const t = useTranslations("kyb");
  return (
    <MessageScreen
      tone="info"
      title={t("inviteInUseTitle")}
      testId="invite-in-use"
      actions={
        <Button onClick={onContinue} loading={pending} data-testid="invite-continue-here">
          {t("inviteContinueHere")}
        </Button>
      }
    >
      <p>{t("inviteInUseBody", { org })}</p>
    </MessageScreen>
  );
}

/** A refused invitation: the flow's own link-problem screen, or, when the person has already finished, a screen saying there is nothing left to do. */
function Problem({ problem }: { problem: InviteProblem }) {
  return (
    <Frame initialLocale={problem.locale} org={problem.org} testMode={problem.testMode}>
      {problem.reason === "session_finished" ? (
        <FinishedScreen org={problem.org} />
      ) : (
        <LinkProblemScreen problem={{ reason: problem.reason, org: problem.org }} />
      )}
    </Frame>
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
