"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { TRPCReactProvider, useTRPC } from "~/components/trpc/react";
import { readFlowPref, takeClientToken, writeFlowPref } from "./client-token";
import { FlowShell, MessageScreen } from "./flow-shell";
import { EDITABLE_STATUSES, OUTCOME_STATUSES, type FlowState } from "./flow-types";
import { FLOW_LOCALES, isLocale, type Locale, MESSAGES } from "./i18n";
import { OutcomeScreen } from "./outcome-screen";
import { ProcessingScreen } from "./processing-screen";
import { StepScreen } from "./step-screen";

const POLL_MS = 1500;

/**
 * The hosted applicant flow (`/flow/{sessionId}#t=st_...`). Takes the client token out of the
 * URL fragment, then talks to the flow procedures with `Authorization: Bearer st_...`.
 */
export function FlowApp({ sessionId }: { sessionId: string }) {
  const token = useRef<string | null>(null);
  const [phase, setPhase] = useState<"init" | "ready" | "no-token">("init");
  useEffect(() => {
    token.current = takeClientToken(sessionId);
    setPhase(token.current ? "ready" : "no-token");
  }, [sessionId]);
  const getAuthorization = useCallback(() => (token.current ? `Bearer ${token.current}` : null), []);

  return (
    <TRPCReactProvider getAuthorization={getAuthorization}>
      {phase === "ready" ? <FlowScreen sessionId={sessionId} /> : <BareScreen sessionId={sessionId} expired={phase === "no-token"} />}
    </TRPCReactProvider>
  );
}

function useLocaleChoice(sessionId: string) {
  const [chosen, setChosen] = useState<Locale | null>(null);
  useEffect(() => {
    const stored = readFlowPref(sessionId, "lang");
    if (isLocale(stored)) setChosen(stored);
  }, [sessionId]);
  const choose = useCallback(
    (l: Locale) => {
      setChosen(l);
      writeFlowPref(sessionId, "lang", l);
    },
    [sessionId],
  );
  return [chosen, choose] as const;
}

/** Before the session is known (or without a token): a neutral frame in en/hi. */
function BareScreen({ sessionId, expired }: { sessionId: string; expired: boolean }) {
  const [chosen, choose] = useLocaleChoice(sessionId);
  const locale = chosen ?? "en";
  const t = MESSAGES[locale];
  return (
    <FlowShell locale={locale} t={t} languages={expired ? FLOW_LOCALES : []} onLocaleChange={choose}>
      {expired ? <LinkExpired t={t} /> : <Loading label={t.loading} />}
    </FlowShell>
  );
}

function LinkExpired({ t }: { t: (typeof MESSAGES)[Locale] }) {
  return (
    <MessageScreen tone="warning" title={t.linkExpiredTitle} testId="flow-link-expired">
      <p>{t.linkExpiredBody}</p>
    </MessageScreen>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div className="flex min-h-64 items-center justify-center text-brand-600" data-testid="flow-loading">
      <Spinner className="size-8" label={label} />
    </div>
  );
}

/** Poll while the checks run (or the last submission is still moving the session on). */
function pollInterval(data: FlowState | undefined): number | false {
  if (!data) return false;
  const { status } = data.session;
  if (status === "processing") return POLL_MS;
  if ((EDITABLE_STATUSES as readonly string[]).includes(status) && !data.currentStep) return POLL_MS;
  return false;
}

function FlowScreen({ sessionId }: { sessionId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stateQuery = useQuery(
    trpc.flow.state.queryOptions(
      { sessionId },
      { staleTime: 0, refetchInterval: (q) => pollInterval(q.state.data), refetchIntervalInBackground: false },
    ),
  );
  const start = useMutation(
    trpc.flow.start.mutationOptions({
      onSuccess: () => {
        const status = queryClient.getQueryData(trpc.flow.state.queryKey({ sessionId }))?.session.status;
        if (!status || status === "created") void queryClient.invalidateQueries(trpc.flow.state.queryFilter({ sessionId }));
      },
    }),
  );
  const startMutate = start.mutate; // stable across renders
  const startedOnce = useRef(false);
  useEffect(() => {
    if (startedOnce.current) return;
    startedOnce.current = true;
    startMutate({ sessionId });
  }, [sessionId, startMutate]);

  // `start` failed for a reason other than the link (network): try again shortly, since a
  // session still in `created` does not accept steps.
  const startErrorCode = start.isError ? clientErrorInfo(start.error).code : undefined;
  const startFailedTransiently = startErrorCode === null || startErrorCode === "INTERNAL_SERVER_ERROR" || startErrorCode === "TOO_MANY_REQUESTS";
  useEffect(() => {
    if (!startFailedTransiently) return;
    const timer = window.setTimeout(() => startMutate({ sessionId }), 3000);
    return () => window.clearTimeout(timer);
  }, [startFailedTransiently, sessionId, startMutate]);

  const [chosen, choose] = useLocaleChoice(sessionId);
  const data = stateQuery.data;
  const languages = (data?.session.languages ?? []).filter(isLocale);
  const sessionLocale = isLocale(data?.session.locale) ? data.session.locale : "en";
  const locale: Locale = chosen && (languages.length === 0 || languages.includes(chosen)) ? chosen : sessionLocale;
  const t = MESSAGES[locale];

  const errorInfo = stateQuery.error ? clientErrorInfo(stateQuery.error) : start.error ? clientErrorInfo(start.error) : null;
  const linkDead = errorInfo !== null && (errorInfo.code === "UNAUTHORIZED" || errorInfo.code === "NOT_FOUND");

  let body: React.ReactNode;
  if (linkDead) {
    body = <LinkExpired t={t} />;
  } else if (!data) {
    body = stateQuery.isError ? (
      <MessageScreen
        tone="warning"
        title={t.networkErrorTitle}
        testId="flow-network-error"
        actions={
          <Button size="lg" block loading={stateQuery.isFetching} onClick={() => void stateQuery.refetch()}>
            {t.retry}
          </Button>
        }
      >
        <p>{t.networkErrorBody}</p>
      </MessageScreen>
    ) : (
      <Loading label={t.loading} />
    );
  } else if ((OUTCOME_STATUSES as readonly string[]).includes(data.session.status)) {
    body = <OutcomeScreen session={data.session} t={t} />;
  } else if ((EDITABLE_STATUSES as readonly string[]).includes(data.session.status) && data.currentStep) {
    body = <StepScreen sessionId={sessionId} state={data} t={t} locale={locale} />;
  } else {
    body = <ProcessingScreen t={t} organizationName={data.session.organizationName} />;
  }

  return (
    <FlowShell
      locale={locale}
      t={t}
      organizationName={data?.session.organizationName}
      testMode={data?.session.mode === "test"}
      languages={linkDead && languages.length === 0 ? FLOW_LOCALES : languages}
      onLocaleChange={choose}
    >
      {body}
    </FlowShell>
  );
}
