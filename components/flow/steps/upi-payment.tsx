"use client";
/**
 * The `bank_account` step with `method: reverse_penny_drop`: the applicant pays ₹1 from their own
 * bank app over UPI (server/steps/bank-account/upi-payment.ts). The page starts a payment request
 * (flow.startUpiPayment); on a phone it offers the `upi://` link as a "Pay ₹1 with a UPI app"
 * button, on a desktop its QR code; it polls the request (flow.upiPaymentStatus) and, once the
 * payment came back, submits the step with the request's check (or, when the service already
 * submitted it, `submitted`, just moves on). An expired or failed request
 * offers "Try again" (a new request).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferRouterOutputs } from "@trpc/server";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { Button, buttonClasses } from "~/components/ui/button";
import { FormError } from "~/components/ui/field-error";
import { Spinner } from "~/components/ui/spinner";
import type { AppRouter } from "~/server/trpc/root";
import type { StepProps } from "../flow-types";
import { useIsDesktop } from "../handoff/device";
import { useErrorText } from "../i18n/use-error-text";
import { qrDataUrl } from "../qr-data-url";
import { formatSeconds, useCountdown } from "../use-countdown";
import { splitServerErrors, useRefreshFlowState, useSubmitStep } from "../use-submit-step";
import { SandboxNote } from "../sandbox-note";

type UpiPaymentView = inferRouterOutputs<AppRouter>["flow"]["startUpiPayment"];

/** How often a pending request is read (ms). */
const POLL_MS = 2_000;

export function UpiPayment({ sessionId, state, step, onDone }: StepProps) {
  const t = useTranslations("upi");
  const errorText = useErrorText();
  const trpc = useTRPC();
  const desktop = useIsDesktop();
  const start = useMutation(trpc.flow.startUpiPayment.mutationOptions());
  const submit = useSubmitStep(sessionId);
  const refreshState = useRefreshFlowState(sessionId);
  const [request, setRequest] = useState<UpiPaymentView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const polled = useQuery(
    trpc.flow.upiPaymentStatus.queryOptions(
      { sessionId, step: step.name, check_id: request?.check_id ?? "" },
      { enabled: request?.state === "pending", refetchInterval: POLL_MS, refetchIntervalInBackground: true },
    ),
  );
  const current = polled.data?.check_id === request?.check_id && polled.data ? polled.data : request;

  async function begin() {
    setProblem(null);
    try {
      setRequest(await start.mutateAsync({ sessionId, step: step.name }));
    } catch (err) {
      setProblem(clientErrorInfo(err).code === null ? "network" : "generic");
    }
  }

  // one request when the step opens; "Try again" makes the next
  const begun = useRef(false);
  useEffect(() => {
    if (begun.current) return;
    begun.current = true;
    void begin();
    // runs once, when the step opens
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // the payment came back: the step is submitted with its check (unless the service already did)
  const submitted = useRef<string | null>(null);
  useEffect(() => {
    if (current?.state !== "done" || submitted.current === current.check_id) return;
    submitted.current = current.check_id;
    if (current.submitted) {
      void refreshState().then(onDone);
      return;
    }
    submit
      .mutateAsync({ sessionId, step: step.name, values: { check_id: current.check_id } })
      .then(onDone)
      .catch((err: unknown) => {
        const { fieldIssues, formKey } = splitServerErrors(err, ["check_id"]);
        setProblem(fieldIssues[0]?.message ?? formKey);
      });
  }, [current, onDone, refreshState, sessionId, step.name, submit]);

  const [qr, setQr] = useState<{ link: string; image: string } | null>(null);
  const link = current?.state === "pending" ? current.upi_link : null;
  useEffect(() => {
    if (!link || !desktop) return;
    let live = true;
    void qrDataUrl(link).then((image) => live && setQr({ link, image }));
    return () => {
      live = false;
    };
  }, [link, desktop]);
  const left = useCountdown(current?.valid_upto && link ? Date.parse(current.valid_upto) : null);
  const amount = current?.amount ?? "1.00";
  const over = current?.state === "expired" || current?.state === "failed";

  return (
    <div data-testid="flow-step-upi-payment">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("title")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("intro", { amount })}</p>
      <p className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-[15px] text-slate-700">{t("refund", { amount })}</p>
      {state.session.mode === "test" ? <SandboxNote>{t("sandbox")}</SandboxNote> : null}
      {problem ? (
        <div className="mt-5">
          <FormError>{errorText(problem)}</FormError>
        </div>
      ) : null}

      {link ? (
        desktop ? (
          <div className="mt-6 flex flex-col items-center">
            <p className="text-base text-slate-700">{t("scan", { amount })}</p>
            {qr?.link === link ? (
              <img src={qr.image} alt={t("qrAlt", { amount })} width={208} height={208} className="mt-3 size-52" data-testid="upi-qr" />
            ) : (
              <div className="mt-3 size-52 rounded bg-slate-100" aria-hidden="true" />
            )}
          </div>
        ) : (
          <a href={link} className={`mt-6 ${buttonClasses({ size: "lg", block: true })}`} data-testid="upi-pay-link">
            {t("payButton", { amount })}
          </a>
        )
      ) : null}

      <div role="status" aria-live="polite" className="mt-4 flex items-center justify-center gap-2 text-sm text-slate-700" data-testid="upi-status">
        {!current && !problem ? (
          <>
            <Spinner className="size-4" />
            {t("creating")}
          </>
        ) : link ? (
          <>
            <Spinner className="size-4" />
            {t("waiting")}
            {left > 0 ? <span className="tabular-nums"> {t("expiresIn", { time: formatSeconds(left) })}</span> : null}
          </>
        ) : current?.state === "done" ? (
          <>
            <Spinner className="size-4" />
            {current.account_number_masked ? t("received", { account: current.account_number_masked.slice(-4) }) : t("receivedNoAccount")}
          </>
        ) : current?.state === "expired" ? (
          t("expired")
        ) : current?.state === "failed" ? (
          t("failed")
        ) : null}
      </div>

      {over || (problem && current?.state !== "done") ? (
        <Button size="lg" block className="mt-4" onClick={() => void begin()} disabled={start.isPending} data-testid="upi-retry">
          {t("retry")}
        </Button>
      ) : null}
    </div>
  );
}
