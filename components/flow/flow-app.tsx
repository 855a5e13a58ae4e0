"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";
import { useHydrated } from "~/components/ui/use-client-value";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { TRPCReactProvider, useTRPC } from "~/components/trpc/react";
import type { FlowPreview } from "~/server/flow/flow-state";
import { readFlowPref, takeClientToken, writeFlowPref } from "./client-token";
import { takeEarlyState, whenEarlyState } from "./early-state";
import { postToParent, takeEmbedParent, useEmbedEvents } from "./embed/embed-events";
import { FlowAuthContext } from "./flow-auth";
import { FlowShell, MessageScreen } from "./flow-shell";
import { FirstPaint, removeFirstPaint } from "./first-paint";
import { EDITABLE_STATUSES, OUTCOME_STATUSES, type FlowState } from "./flow-types";
import { FlowIntl, useShownLocale, withStepMessages } from "./i18n/flow-intl";
import { FLOW_LOCALES, isLocale, type FirstMessages, type Locale, seedMessages } from "./i18n/locales";
import { LinkProblemScreen, type LinkProblem } from "./link-problem-screen";
import { OutcomeScreen } from "./outcome-screen";
import { ProcessingScreen } from "./processing-screen";
import { StepScreen } from "./step-screen";
import { preloadStepView } from "./steps/step-registry";
import { StepLoading } from "./steps/step-view";
import { errorDetails } from "./use-submit-step";

const POLL_MS = 1500;

// the current step's code starts downloading once the page's early state names it, while the app still starts
if (typeof window !== "undefined")
  whenEarlyState((s) => preloadStepView(s.steps.find((step) => step.name === s.currentStep)?.type ?? "", isLocale(s.session.locale) ? s.session.locale : "en"));

// screens few applicants see load on demand (not on the first screen), with the step screens' messages they show
const OtherDeviceScreen = dynamic(() => import("./handoff/other-device-screen").then((m) => withStepMessages(m.OtherDeviceScreen)), { loading: StepLoading });
const WaitingForKeyPeople = dynamic(() => import("./waiting-for-key-people").then((m) => withStepMessages(m.WaitingForKeyPeople)), { loading: StepLoading });

type Phase =
  | { kind: "init" }
  | { kind: "no-token"; embedParent: string | null }
  /** `early`: the state the page's inline script fetched (./early-state.ts), null if none. */
  | { kind: "ready"; embedParent: string | null; early: FlowState | null };

/**
 * The hosted applicant flow (`/flow/{sessionId}#t=st_...`). Takes the client token out of the
 * URL fragment, then talks to the flow procedures with `Authorization: Bearer st_...`; the first
 * state comes from the page's inline script when it asked (./early-state.ts). In the
 * embeddable modal (/embed.js adds `embed=1&parent=<origin>`), it also tells the framing page
 * what happens (embed/embed-events.ts).
 *
 * `locale`: the session's language as the server knows it (the page's `<html lang>`), shown
 * until the session's state says otherwise; `messages`: the first part of that language's messages
 * (./i18n/locales.ts) when it is not English, so the server renders the first screen in it; `preview`: the session's current
 * step as the server may show it without the token, painted from the HTML until the state
 * arrives (./first-paint.tsx), else a spinner.
 */
export function FlowApp({
  sessionId,
  locale = "en",
  messages,
  preview = null,
}: {
  sessionId: string;
  locale?: Locale;
  messages?: FirstMessages;
  preview?: FlowPreview | null;
}) {
  if (messages) seedMessages(locale, messages); // before any child reads them (idempotent)
  const token = useRef<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "init" });
  useEffect(() => {
    let live = true;
    token.current = takeClientToken(sessionId);
    const embedParent = takeEmbedParent(sessionId);
    if (!token.current) postToParent(embedParent, { type: "error", payload: { session_id: sessionId, code: "invalid" } });
    const early = token.current ? takeEarlyState(sessionId) : null;
    if (early) void early.then((state) => live && setPhase({ kind: "ready", embedParent, early: state }));
    else setPhase(token.current ? { kind: "ready", embedParent, early: null } : { kind: "no-token", embedParent });
    // a new link opened in this tab changes only the fragment (no page load): start over with its token
    const onHashChange = () => {
      if (!/(^#|&)t=/.test(window.location.hash)) return;
      takeClientToken(sessionId);
      window.location.reload();
    };
    window.addEventListener("hashchange", onHashChange);
    return () => {
      live = false;
      window.removeEventListener("hashchange", onHashChange);
    };
  }, [sessionId]);
  const getAuthorization = useCallback(() => (token.current ? `Bearer ${token.current}` : null), []);
  useLayoutEffect(() => {
    if (phase.kind !== "init") removeFirstPaint();
  }, [phase.kind]);

  return (
    <TRPCReactProvider getAuthorization={getAuthorization}>
      <FlowAuthContext.Provider value={getAuthorization}>
        {phase.kind === "ready" ? (
          <FlowScreen sessionId={sessionId} getAuthorization={getAuthorization} embedParent={phase.embedParent} early={phase.early} serverLocale={locale} />
        ) : phase.kind === "init" && preview ? (
          <FirstPaint sessionId={sessionId} preview={preview} locale={locale} />
        ) : (
          <BareScreen sessionId={sessionId} serverLocale={locale} problem={phase.kind === "no-token" ? { reason: "invalid", org: null } : null} />
        )}
      </FlowAuthContext.Provider>
    </TRPCReactProvider>
  );
}

/**
 * The language chosen in this tab (null: none) and `choose`, which remembers it for the tab. The
 * remembered one is read once, when the screen mounts; it counts once the page runs in the
 * browser (`useHydrated`), so a server-rendered screen hydrates with the HTML's language first.
 */
function useLocaleChoice(sessionId: string) {
  const [remembered] = useState(() => {
    const stored = readFlowPref(sessionId, "lang");
    return isLocale(stored) ? stored : null;
  });
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<Locale | null>(null);
  const chosen = picked ?? (hydrated ? remembered : null);
  const choose = useCallback(
    (l: Locale) => {
      setPicked(l);
      writeFlowPref(sessionId, "lang", l);
    },
    [sessionId],
  );
  return [chosen, choose] as const;
}

/** Before the session is known (or without a token): a neutral frame in the server's language (or the tab's choice). */
function BareScreen({ sessionId, serverLocale, problem }: { sessionId: string; serverLocale: Locale; problem: LinkProblem | null }) {
  const [chosen, choose] = useLocaleChoice(sessionId);
  const locale = useShownLocale(chosen ?? serverLocale);
  return (
    <FlowIntl locale={locale}>
      <FlowShell locale={locale} languages={problem ? FLOW_LOCALES : []} onLocaleChange={choose}>
        {problem ? <LinkProblemScreen problem={problem} /> : <Loading />}
      </FlowShell>
    </FlowIntl>
  );
}

function Loading() {
  const t = useTranslations("common");
  return (
    <div className="flex min-h-64 items-center justify-center text-brand-600" data-testid="flow-loading">
      <Spinner className="size-8" label={t("loading")} />
    </div>
  );
}

/** Poll while the checks run (or the last submission is still moving the session on). */
function pollInterval(data: FlowState | undefined): number | false {
  if (!data) return false;
  const { status } = data.session;
  if (status === "processing") return POLL_MS;
  // another device has the flow: follow its progress
  if (!data.device.active && (EDITABLE_STATUSES as readonly string[]).includes(status)) return POLL_MS;
  if ((EDITABLE_STATUSES as readonly string[]).includes(status) && !data.currentStep) return POLL_MS;
  return false;
}

/** The token failure the server explained (server/flow/flow-session.ts), or null for other errors. */
function linkProblem(err: unknown): LinkProblem | null {
  if (!err) return null;
  const info = clientErrorInfo(err);
  if (info.code !== "UNAUTHORIZED" && info.code !== "NOT_FOUND") return null;
  const details = errorDetails(err);
  const reason = typeof details.reason === "string" ? details.reason : "invalid";
  return {
    reason: reason as LinkProblem["reason"],
    org: typeof details.organization_name === "string" ? details.organization_name : null,
    locale: typeof details.locale === "string" ? details.locale : null,
  };
}

/** True while the browser says it is offline (slow and flaky mobile networks). */
function useOnline(): boolean {
  const [online, setOnline] = useState(true);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

function FlowScreen({
  sessionId,
  getAuthorization,
  embedParent,
  early,
  serverLocale,
}: {
  sessionId: string;
  getAuthorization: () => string | null;
  /** The framing page's origin in the embeddable modal, else null. */
  embedParent: string | null;
  /** The state fetched before the bundle ran (not asked again on mount), else null. */
  early: FlowState | null;
  serverLocale: Locale;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const stateQuery = useQuery(
    trpc.flow.state.queryOptions(
      { sessionId },
      {
        initialData: early ?? undefined,
        refetchOnMount: early === null,
        staleTime: 0,
        retry: (count, err) => count < 2 && clientErrorInfo(err).code === null,
        refetchInterval: (q) => pollInterval(q.state.data),
        refetchIntervalInBackground: false,
      },
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
  const setLocale = useMutation(trpc.flow.setLocale.mutationOptions());
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
  const problem = linkProblem(stateQuery.error) ?? linkProblem(start.error);
  useEmbedEvents(embedParent, sessionId, data, problem?.reason ?? (stateQuery.isError ? "network_error" : null));
  const languages = (data?.session.languages ?? []).filter(isLocale);
  // without the session's state (a link problem), the language the server gave with the failure
  const sessionLocale = isLocale(data?.session.locale) ? data.session.locale : isLocale(problem?.locale) ? problem.locale : serverLocale;
  const locale = useShownLocale(chosen && (languages.length === 0 || languages.includes(chosen)) ? chosen : sessionLocale);
  const online = useOnline();
  // remembered for this tab, so a later link problem (no session state then) keeps the language
  const loadedLocale = data ? sessionLocale : null;
  useEffect(() => {
    if (loadedLocale && !readFlowPref(sessionId, "lang")) writeFlowPref(sessionId, "lang", loadedLocale);
  }, [sessionId, loadedLocale]);

  const onLocaleChange = (l: Locale) => {
    choose(l);
    // the session remembers it: a resumed flow and the OTP messages use it
    if (getAuthorization() && data && l !== data.session.locale) setLocale.mutate({ sessionId, locale: l });
  };

  let body: React.ReactNode;
  if (problem) {
    body = <LinkProblemScreen problem={problem} />;
  } else if (!data) {
    body = stateQuery.isError ? <NetworkError retrying={stateQuery.isFetching} onRetry={() => void stateQuery.refetch()} /> : <Loading />;
  } else if ((OUTCOME_STATUSES as readonly string[]).includes(data.session.status)) {
    body =
      data.session.status === "expired" || data.session.status === "cancelled" ? (
        <LinkProblemScreen
          problem={{ reason: data.session.status === "expired" ? "session_expired" : "session_cancelled", org: data.session.organizationName }}
        />
      ) : (
        <OutcomeScreen session={data.session} locale={locale} redirect={!embedParent} />
      );
  } else if ((EDITABLE_STATUSES as readonly string[]).includes(data.session.status) && !data.device.active) {
    body = <OtherDeviceScreen sessionId={sessionId} state={data} locale={locale} />;
  } else if ((EDITABLE_STATUSES as readonly string[]).includes(data.session.status) && data.currentStep) {
    body = <StepScreen sessionId={sessionId} state={data} locale={locale} />;
  } else if (data.kyb?.waiting) {
    body = <WaitingForKeyPeople sessionId={sessionId} kyb={data.kyb} locale={locale} />;
  } else {
    body = <ProcessingScreen organizationName={data.session.organizationName} />;
  }

  return (
    <FlowIntl locale={locale}>
      <FlowShell
        locale={locale}
        organizationName={data?.session.organizationName ?? problem?.org ?? undefined}
        branding={data?.session.branding}
        testMode={data?.session.mode === "test"}
        languages={languages.length === 0 ? (problem ? FLOW_LOCALES : []) : languages}
        onLocaleChange={onLocaleChange}
      >
        {!online ? <OfflineBanner /> : null}
        {body}
      </FlowShell>
    </FlowIntl>
  );
}

function NetworkError({ retrying, onRetry }: { retrying: boolean; onRetry: () => void }) {
  const t = useTranslations();
  return (
    <MessageScreen
      tone="warning"
      title={t("network.title")}
      testId="flow-network-error"
      actions={
        <Button size="lg" block loading={retrying} onClick={onRetry}>
          {t("common.retry")}
        </Button>
      }
    >
      <p>{t("network.body")}</p>
    </MessageScreen>
  );
}

function OfflineBanner() {
  const t = useTranslations("network");
  return (
    <p role="status" className="mb-4 rounded-lg bg-slate-900 px-4 py-2.5 text-sm text-white" data-testid="flow-offline">
      {t("offline")}
    </p>
  );
}
