"use client";
/**
 * The phone's side of "continue on your phone" (app/h/[code]/page.tsx): claims the code with
 * `flow.claimHandoff` and opens `/flow/{id}#t={token}` (the token only in the fragment), or says
 * why the link does not work (used, expired, wrong, or the verification is closed).
 */
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { TRPCReactProvider, useTRPC } from "~/components/trpc/react";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useClientValue } from "~/components/ui/use-client-value";
import { FlowShell, MessageScreen } from "../flow-shell";
import { FlowIntl, useShownLocale } from "../i18n/flow-intl";
import { FLOW_LOCALES, type Locale } from "../i18n/locales";
import { errorDetails } from "../use-submit-step";

export function ClaimHandoffScreen({ code }: { code: string }) {
  const browserLocale = useClientValue<Locale>(() => (navigator.language.toLowerCase().startsWith("hi") ? "hi" : "en"), "en");
  const [picked, setLocale] = useState<Locale | null>(null);
  const locale = useShownLocale(picked ?? browserLocale);
  return (
    <TRPCReactProvider>
      <FlowIntl locale={locale}>
        <FlowShell locale={locale} languages={FLOW_LOCALES} onLocaleChange={setLocale}>
          <Claim code={code} />
        </FlowShell>
      </FlowIntl>
    </TRPCReactProvider>
  );
}

function Claim({ code }: { code: string }) {
  const t = useTranslations("handoff");
  const trpc = useTRPC();
  const claim = useMutation(
    trpc.flow.claimHandoff.mutationOptions({
      onSuccess: ({ sessionId, token }) => window.location.replace(`/flow/${sessionId}#t=${token}`),
    }),
  );
  const { mutate } = claim;
  const claimed = useRef(false);
  useEffect(() => {
    // once per page load (effects may run twice in development; the code works once)
    if (claimed.current) return;
    claimed.current = true;
    mutate({ code });
  }, [mutate, code]);

  if (!claim.isError) {
    return <MessageScreen tone="progress" title={t("openingTitle")} testId="handoff-opening" />;
  }
  const info = clientErrorInfo(claim.error);
  const reason = info.domainCode === "session_not_editable" ? "closed" : String(errorDetails(claim.error).reason ?? "invalid");
  const copy: readonly [string, string] =
    reason === "used"
      ? [t("usedTitle"), t("usedBody")]
      : reason === "expired"
        ? [t("expiredTitle"), t("expiredBody")]
        : reason === "closed"
          ? [t("closedTitle"), t("closedBody")]
          : [t("invalidTitle"), t("invalidBody")];
  return (
    <MessageScreen tone="warning" title={copy[0]} testId="handoff-problem" status={reason}>
      <p>{copy[1]}</p>
    </MessageScreen>
  );
}
