"use client";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field-error";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";
import { AadhaarStep } from "./aadhaar-step";
import { type StepSummaryProps, SummaryRows } from "./step-view";
import { SandboxNote } from "../sandbox-note";

/** The query parameter the DigiLocker callback (app/flow/digilocker/callback) sends the applicant back with. */
const RETURN_PARAM = "digilocker";

/** Outcomes after which the step's fallback (Offline e-KYC / Secure QR) is offered. */
const FALLBACK_KEYS = new Set(["digilocker_no_aadhaar", "digilocker_declined", "digilocker_not_configured"]);

/** The authorization id the applicant came back with, removed from the address bar. Browser only. */
function takeReturnedAuthorization(): string | null {
  const url = new URL(window.location.href);
  const id = url.searchParams.get(RETURN_PARAM);
  if (id === null) return null;
  url.searchParams.delete(RETURN_PARAM);
  window.history.replaceState(window.history.state, "", `${url.pathname}${url.search}${url.hash}`);
  return id;
}

/**
 * `digilocker`: sends the applicant to DigiLocker in this tab (flow.startDigilocker); back on the
 * page with `?digilocker=<authorization id>`, submits the step with it. When DigiLocker holds no
 * Aadhaar for them or they declined, offers the step's fallback (the `aadhaar` step's own form,
 * limited to the settings' `fallback` methods), submitted to this same step.
 */
export function DigilockerStep(props: StepProps) {
  const { sessionId, state, step, onDone } = props;
  const t = useTranslations("digilocker");
  const errorText = useErrorText();
  const trpc = useTRPC();
  const start = useMutation(trpc.flow.startDigilocker.mutationOptions());
  const submit = useSubmitStep(sessionId);
  const fallback = ((step.settings.fallback as string[] | undefined) ?? []).filter((m) => m === "offline_ekyc" || m === "secure_qr");
  const [problem, setProblem] = useState<string | null>(null);
  const [showFallback, setShowFallback] = useState(false);
  const taken = useRef(false);

  useEffect(() => {
    if (taken.current) return;
    taken.current = true;
    const authorization = takeReturnedAuthorization();
    if (!authorization) return;
    submit
      .mutateAsync({ sessionId, step: step.name, values: { method: "digilocker", authorization_id: authorization } })
      .then(onDone)
      .catch((err: unknown) => {
        const { fieldIssues, formKey } = splitServerErrors(err, ["authorization_id"]);
        const key = fieldIssues[0]?.message ?? formKey;
        setProblem(key);
        if (key && FALLBACK_KEYS.has(key) && fallback.length) setShowFallback(true);
      });
    // runs once, on the page's first render after DigiLocker
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function goToDigilocker() {
    setProblem(null);
    try {
      const { url } = await start.mutateAsync({ sessionId, step: step.name });
      window.location.assign(url);
    } catch (err) {
      const info = clientErrorInfo(err);
      const key = info.domainCode === "digilocker_not_configured" ? "digilocker_not_configured" : info.code === null ? "network" : "generic";
      setProblem(key);
      if (key === "digilocker_not_configured" && fallback.length) setShowFallback(true);
    }
  }

  if (showFallback) {
    return (
      <div data-testid="flow-step-digilocker-fallback">
        {problem ? <FormError>{errorText(problem)}</FormError> : null}
        <AadhaarStep {...props} step={{ ...step, settings: { ...step.settings, methods: fallback } }} />
      </div>
    );
  }

  const returning = submit.isPending;
  const busy = returning || start.isPending || start.isSuccess;
  return (
    <div data-testid="flow-step-digilocker">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("title")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("intro")}</p>
      <p className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-[15px] text-slate-700">{t("what", { org: state.session.organizationName })}</p>
      {state.session.mode === "test" ? <SandboxNote>{t("sandbox")}</SandboxNote> : null}
      {problem ? (
        <div className="mt-5">
          <FormError>{errorText(problem)}</FormError>
        </div>
      ) : null}
      <div role="status" className="mt-4 text-sm text-slate-600">
        {returning ? t("returned") : start.isPending || start.isSuccess ? t("redirecting") : null}
      </div>
      <Button size="lg" block className="mt-4" onClick={() => void goToDigilocker()} disabled={busy} data-testid="digilocker-continue">
        {problem ? t("retry") : t("continue")}
      </Button>
      {fallback.length ? (
        <Button variant="secondary" size="lg" block className="mt-3" onClick={() => setShowFallback(true)} disabled={busy} data-testid="digilocker-fallback">
          {t("useFallback")}
        </Button>
      ) : null}
    </div>
  );
}

/** The review card: DigiLocker (with the documents' names) or the fallback's artefact (never its content). */
export function DigilockerSummary({ values }: StepSummaryProps) {
  const t = useTranslations("review");
  const documents = Array.isArray(values.documents) ? values.documents.filter((d): d is string => typeof d === "string") : [];
  const label = values.method === "digilocker" ? t("digilockerShared") : values.method === "secure_qr" ? t("aadhaarQr") : t("aadhaarOffline");
  return <SummaryRows rows={[{ label: "", value: [label, ...documents].join(" · ") }]} />;
}
