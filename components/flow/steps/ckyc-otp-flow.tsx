"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { useForm, type UseFormRegisterReturn } from "react-hook-form";
import { useTranslations } from "use-intl";
import type { z } from "zod";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { Button } from "~/components/ui/button";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { type TCkycOtpView, ZCkycOtpEntry, ZCkycOtpStart } from "~/server/steps/ckyc/ckyc.schemas";
import type { StepProps } from "../flow-types";
import { MessageScreen } from "../flow-shell";
import { useErrorText } from "../i18n/use-error-text";
import { OtpCodeForm } from "../otp-code-form";
import { SandboxHint } from "../step-form";
import { formatSeconds, useCountdown } from "../use-countdown";
import { applyServerErrors, errorDetails, refreshesState, splitServerErrors, useRefreshFlowState, useSubmitStep } from "../use-submit-step";

const START_FIELDS = ["pan", "mobile"] as const;
const SANDBOX_PASS = { pan: "ABCPE1234F", mobile: "9876543210" };
/** The code form: the `otp` of the step's code entry. */
const ZCodeInput = ZCkycOtpEntry.options[0].pick({ otp: true });

const at = (iso: string | null) => (iso ? Date.parse(iso) : null);

/** "Continue without CKYC": the step is skipped, no registry call. */
export function CkycSkipButton({ sessionId, stepName, disabled, onDone }: { sessionId: string; stepName: string; disabled?: boolean; onDone: () => void }) {
  const t = useTranslations("ckyc");
  const skip = useSubmitStep(sessionId);
  const [skipError, setSkipError] = useState<string | null>(null);
  const errorText = useErrorText();
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        block
        className="mt-3"
        data-testid="ckyc-skip"
        disabled={disabled || skip.isPending}
        onClick={async () => {
          setSkipError(null);
          try {
            await skip.mutateAsync({ sessionId, step: stepName, values: { skip: true } });
            onDone();
          } catch {
            setSkipError("generic");
          }
        }}
      >
        {t("skip")}
      </Button>
      <FormError className="mt-2">{skipError ? errorText(skipError) : null}</FormError>
    </>
  );
}

/**
 * `authentication: otp` (CKYC 1.3): the PAN and the mobile number on the CKYC record, then the
 * 6-digit code the registry sends to it (one input, `autocomplete="one-time-code"`, numeric), with
 * "Send a new code" after 30 s, the attempts left after a wrong code and "ask for a new code" after
 * an expired one. A released record submits the step (the flow moves on, the steps it proves are
 * skipped); no record, 3 wrong codes or an outage let the applicant continue with the other steps.
 * "Continue without CKYC" stays available throughout.
 */
export function CkycOtpFlow({ sessionId, state, step, editing, onDone }: StepProps) {
  const t = useTranslations("ckyc");
  const trpc = useTRPC();
  const refresh = useRefreshFlowState(sessionId);
  const submit = useSubmitStep(sessionId);
  const start = useMutation(trpc.flow.startCkycOtp.mutationOptions({ onError: (err) => void (refreshesState(err) && refresh()) }));
  const [view, setView] = useState<TCkycOtpView | null>(null);
  const [applicant, setApplicant] = useState<z.output<typeof ZCkycOtpStart> | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const errorText = useErrorText();
  const testMode = state.session.mode === "test" && !editing;

  /** The download is finished: the step is submitted with it (the server applies the record). */
  async function finish(checkId: string) {
    setFormError(null);
    try {
      await submit.mutateAsync({ sessionId, step: step.name, values: { check_id: checkId } });
      onDone();
    } catch (err) {
      setFormError(splitServerErrors(err, []).formKey);
    }
  }

  /** Starts (again) with `values`: a new search and a new code. */
  async function send(values: z.output<typeof ZCkycOtpStart>): Promise<TCkycOtpView> {
    const next = await start.mutateAsync({ sessionId, step: step.name, values });
    setApplicant(values);
    setView(next.state === "mobile_mismatch" ? null : next);
    if (next.state === "downloaded") await finish(next.check_id);
    return next;
  }

  const skip = <CkycSkipButton sessionId={sessionId} stepName={step.name} disabled={submit.isPending || start.isPending} onDone={onDone} />;
  const formErrorText = formError ? errorText(formError) : null;

  if (view?.state === "code_sent" || view?.state === "expired") {
    return (
      <div data-testid="flow-step-ckyc">
        <CodeForm
          sessionId={sessionId}
          stepName={step.name}
          view={view}
          testMode={testMode}
          onView={setView}
          onRestart={async () => {
            if (applicant) await send(applicant);
          }}
          onChange={() => setView(null)}
          onDownloaded={finish}
          finishing={submit.isPending}
        />
        <FormError className="mt-3">{formErrorText}</FormError>
        {skip}
      </div>
    );
  }
  if (view && view.state !== "downloaded") {
    const title = view.state === "not_found" ? t("notFoundTitle") : view.state === "locked" ? t("lockedTitle") : t("unavailableTitle");
    const body = view.state === "not_found" ? t("notFoundBody") : view.state === "locked" ? t("lockedBody") : t("unavailableBody");
    return (
      <div data-testid="flow-step-ckyc">
        <MessageScreen
          tone="warning"
          title={title}
          testId="ckyc-outcome"
          status={view.state}
          actions={
            <>
              <FormError>{formErrorText}</FormError>
              <Button size="lg" block loading={submit.isPending} onClick={() => void finish(view.check_id)} data-testid="ckyc-continue">
                {t("continueWithSteps")}
              </Button>
              <Button size="lg" variant="ghost" block onClick={() => setView(null)} data-testid="ckyc-try-again">
                {t("changeDetails")}
              </Button>
            </>
          }
        >
          <p className="text-base text-slate-600">{body}</p>
        </MessageScreen>
      </div>
    );
  }
  return <StartForm testMode={testMode} defaults={applicant} onSend={send} pending={start.isPending || submit.isPending} formError={formError} skip={skip} />;
}

/** The PAN as the applicant types it: letters and digits only, upper case (the `setValueAs` of the PAN field). */
export const panAsTyped = (v: string) => v.replace(/[^0-9a-z]/gi, "").toUpperCase();

/** The step's PAN input (both authentications, ./ckyc-step.tsx): at most 10 characters, monospaced, with its hint; `error` translated. */
export function CkycPanField({ id, field, error }: { id: string; field: UseFormRegisterReturn<"pan">; error: string | undefined }) {
  const t = useTranslations("ckyc");
  const hint = t("panHint");
  return (
    <Field id={id} label={t("panLabel")} hint={hint} error={error}>
      <Input
        {...field}
        id={id}
        data-testid="field-ckyc-pan"
        size="lg"
        className="font-mono tracking-widest uppercase"
        autoCapitalize="characters"
        autoComplete="off"
        spellCheck={false}
        maxLength={10}
        invalid={!!error}
        aria-describedby={describedBy(id, { hint, error })}
      />
    </Field>
  );
}

/** Test mode's sandbox values of the step (both authentications): the `pass` line, the PAN with no record, the `other` line, and "Fill in". */
export function CkycSandboxHint({ pass, other, onFill }: { pass: string; other: string; onFill: () => void }) {
  const t = useTranslations("ckyc");
  return (
    <SandboxHint title={t("sandboxTitle")} fillLabel={t("sandboxFill")} onFill={onFill}>
      <li>{pass}</li>
      <li>{t("sandboxNotFound", { example: "ABCPE9999Z" })}</li>
      <li>{other}</li>
    </SandboxHint>
  );
}

/** The PAN and the mobile number on the record: "Send code". A number that is not the record's is a field error on it. */
function StartForm({
  testMode,
  defaults,
  onSend,
  pending,
  formError,
  skip,
}: {
  testMode: boolean;
  defaults: z.output<typeof ZCkycOtpStart> | null;
  onSend: (values: z.output<typeof ZCkycOtpStart>) => Promise<TCkycOtpView>;
  pending: boolean;
  formError: string | null;
  skip: React.ReactNode;
}) {
  const t = useTranslations("ckyc");
  const errorText = useErrorText();
  const form = useForm<z.input<typeof ZCkycOtpStart>, unknown, z.output<typeof ZCkycOtpStart>>({
    resolver: zodResolver(ZCkycOtpStart),
    mode: "onTouched",
    defaultValues: { pan: defaults?.pan ?? "", mobile: defaults?.mobile ?? "" },
  });
  const { register, setValue, setError, formState } = form;
  const [sendError, setSendError] = useState<string | null>(null);
  const id = useId();
  const ids = { pan: `${id}-pan`, mobile: `${id}-mobile` };
  const panError = errorText(formState.errors.pan?.message);
  const mobileError = formState.errors.mobile?.type === "server" ? formState.errors.mobile.message : errorText(formState.errors.mobile?.message);
  const mobileHint = t("mobileHint");

  const onSubmit = form.handleSubmit(async (values) => {
    setSendError(null);
    try {
      const sent = await onSend(values);
      if (sent.state === "mobile_mismatch") setError("mobile", { type: "server", message: t("mobileMismatch") }, { shouldFocus: true });
    } catch (err) {
      setSendError(applyServerErrors(err, setError, START_FIELDS));
    }
  });
  const shownError = sendError ?? formError;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="flow-step-ckyc">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("title")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("introOtp")}</p>

      {testMode ? (
        <CkycSandboxHint
          pass={t("sandboxOtpPass")}
          other={t("sandboxOtpMobile")}
          onFill={() => {
            for (const f of START_FIELDS) setValue(f, SANDBOX_PASS[f], { shouldValidate: true, shouldTouch: true });
          }}
        />
      ) : null}

      <div className="mt-6 space-y-5">
        <CkycPanField id={ids.pan} field={register("pan", { setValueAs: panAsTyped })} error={panError} />
        <Field id={ids.mobile} label={t("mobileLabel")} hint={mobileHint} error={mobileError}>
          <Input
            {...register("mobile")}
            id={ids.mobile}
            data-testid="field-ckyc-mobile"
            size="lg"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            maxLength={16}
            invalid={!!mobileError}
            aria-describedby={describedBy(ids.mobile, { hint: mobileHint, error: mobileError })}
          />
        </Field>
        <p className="text-sm text-slate-600">{t("consentNote")}</p>
      </div>

      <FormError className="mt-5">{shownError ? errorText(shownError) : null}</FormError>
      <Button type="submit" size="lg" block className="mt-8" loading={pending} data-testid="ckyc-send-code">
        {t("sendCode")}
      </Button>
      {skip}
    </form>
  );
}

/** The registry's code: one numeric input, submitted at the 6th digit; "Send a new code" after 30 s. */
function CodeForm({
  sessionId,
  stepName,
  view,
  testMode,
  onView,
  onRestart,
  onChange,
  onDownloaded,
  finishing,
}: {
  sessionId: string;
  stepName: string;
  view: TCkycOtpView;
  testMode: boolean;
  onView: (view: TCkycOtpView) => void;
  /** A new search and code (after the code expired). */
  onRestart: () => Promise<void>;
  onChange: () => void;
  onDownloaded: (checkId: string) => Promise<void>;
  finishing: boolean;
}) {
  const t = useTranslations("ckyc");
  const errorText = useErrorText();
  const trpc = useTRPC();
  const refresh = useRefreshFlowState(sessionId);
  const enter = useMutation(trpc.flow.enterCkycOtp.mutationOptions({ onError: (err) => void (refreshesState(err) && refresh()) }));
  const form = useForm<z.input<typeof ZCodeInput>, unknown, z.output<typeof ZCodeInput>>({
    resolver: zodResolver(ZCodeInput),
    mode: "onSubmit",
    defaultValues: { otp: "" },
  });
  const { register, handleSubmit, setError, setValue, formState } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const expired = view.state === "expired";
  // a new code for an expired one (a new search) may be asked for at once
  const resendIn = useCountdown(at(view.resend_available_at));
  const waitFor = expired ? 0 : resendIn;
  const submitting = useRef(false);

  const onSubmit = (e?: React.BaseSyntheticEvent) =>
    handleSubmit(async ({ otp }) => {
      if (submitting.current) return;
      submitting.current = true;
      setFormError(null);
      setNotice(null);
      try {
        const next = await enter.mutateAsync({ sessionId, step: stepName, values: { check_id: view.check_id, otp } });
        setValue("otp", "");
        // released: the step is submitted from this screen (the flow then moves on)
        if (next.state === "downloaded") return await onDownloaded(next.check_id);
        onView(next);
        if (next.state === "code_sent" && next.wrong_code)
          setError("otp", { type: "server", message: t("attemptsLeft", { count: next.attempts_left ?? 0 }) }, { shouldFocus: true });
        else if (next.state === "expired") setError("otp", { type: "server", message: t("expired") }, { shouldFocus: true });
      } catch (err) {
        setValue("otp", "");
        const { fieldIssues, formKey } = splitServerErrors(err, ["otp"]);
        if (fieldIssues[0]) setError("otp", { type: "server", message: errorText(fieldIssues[0].message) }, { shouldFocus: true });
        setFormError(formKey);
      } finally {
        submitting.current = false;
      }
    })(e);

  async function resend() {
    setFormError(null);
    setNotice(null);
    setResending(true);
    try {
      if (expired) await onRestart();
      else onView(await enter.mutateAsync({ sessionId, step: stepName, values: { check_id: view.check_id, resend: true } }));
      form.clearErrors("otp");
      setNotice(t("resent"));
    } catch (err) {
      const details = errorDetails(err);
      if (clientErrorInfo(err).domainCode === "rate_limited" && typeof details.resend_available_at === "string") {
        onView({ ...view, resend_available_at: details.resend_available_at });
      } else setFormError(splitServerErrors(err, []).formKey);
    } finally {
      setResending(false);
    }
  }

  return (
    <OtpCodeForm
      onSubmit={onSubmit}
      title={t("codeTitle")}
      sentTo={t("codeSent", { destination: view.otp_sent_to ?? "" })}
      changeLabel={t("changeDetails")}
      onChange={onChange}
      sandboxNote={testMode ? t("sandboxCode") : null}
      label={t("codeLabel")}
      field={register("otp")}
      error={formState.errors.otp}
      onComplete={expired ? undefined : () => void onSubmit()}
      notice={notice}
      formError={formError ? errorText(formError) : null}
      verifying={enter.isPending || finishing}
      verifyDisabled={expired}
      resendLabel={t("resend")}
      onResend={() => void resend()}
      resending={resending}
      resendIn={waitFor}
      resendInText={t("resendIn", { time: formatSeconds(waitFor) })}
      testIds={{
        form: "ckyc-code-form",
        change: "ckyc-change",
        field: "field-ckyc-otp",
        verify: "ckyc-verify",
        resend: "ckyc-resend",
        countdown: "ckyc-resend-countdown",
      }}
    />
  );
}
