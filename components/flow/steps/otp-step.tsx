"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useId, useMemo, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslations } from "use-intl";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { Button } from "~/components/ui/button";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { otpDestinationInput, ZOtpCodeInput } from "~/server/steps/otp/otp.schemas";
import { MessageScreen } from "../flow-shell";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { formatSeconds, useCountdown } from "../use-countdown";
import { errorDetails, refreshesState, splitServerErrors, useRefreshFlowState, useSubmitStep } from "../use-submit-step";
import { type StepSummaryProps, SummaryRows, summaryText } from "./step-view";
import { SandboxNote } from "../sandbox-note";
import { OtpCodeForm } from "../otp-code-form";

type Phase = { kind: "keep" } | { kind: "enter" } | { kind: "code"; masked: string; resendAt: number } | { kind: "locked"; until: number };

const now = () => Date.now();

/**
 * A `phone` or `email` step: the applicant types a number or address, gets a 6-digit code
 * (SMS / email), and enters it. A new code can be requested 30 s after the last one (with a
 * countdown); wrong codes show the attempts left; five lock the step for 15 minutes (a
 * countdown too). A reload continues at "enter the code" (the flow state carries the running
 * challenge). When editing, a verified value can be kept without a new code.
 */
export function OtpStep({ sessionId, state, step, editing, onDone }: StepProps) {
  const channel = step.type === "email" ? "email" : "phone";
  const t = useTranslations("otp");
  const previous = typeof step.values?.[channel] === "string" ? (step.values[channel] as string) : null;
  const [phase, setPhase] = useState<Phase>(() => {
    if (editing && previous) return { kind: "keep" };
    if (step.otp?.locked_for_seconds) return { kind: "locked", until: now() + step.otp.locked_for_seconds * 1000 };
    if (step.otp) return { kind: "code", masked: step.otp.destination_masked, resendAt: now() + step.otp.resend_in_seconds * 1000 };
    return { kind: "enter" };
  });
  const [notice, setNotice] = useState<string | null>(null);
  const testMode = state.session.mode === "test";

  const title = channel === "phone" ? t("phoneTitle") : t("emailTitle");
  return (
    <div data-testid={`flow-step-${channel}`}>
      {phase.kind === "keep" && previous ? (
        <KeepValue
          sessionId={sessionId}
          stepName={step.name}
          value={previous}
          challengeId={step.values?.challenge_id}
          title={title}
          onChange={() => setPhase({ kind: "enter" })}
          onDone={onDone}
        />
      ) : phase.kind === "locked" ? (
        <Locked sessionId={sessionId} stepName={step.name} until={phase.until} onSent={(masked, resendAt) => setPhase({ kind: "code", masked, resendAt })} />
      ) : phase.kind === "code" ? (
        <CodeForm
          sessionId={sessionId}
          stepName={step.name}
          channel={channel}
          masked={phase.masked}
          resendAt={phase.resendAt}
          notice={notice}
          testMode={testMode}
          onResent={(masked, resendAt) => {
            setNotice(t("resent"));
            setPhase({ kind: "code", masked, resendAt });
          }}
          onLocked={(until) => setPhase({ kind: "locked", until })}
          onChange={() => {
            setNotice(null);
            setPhase({ kind: "enter" });
          }}
          onDone={onDone}
        />
      ) : (
        <DestinationForm
          sessionId={sessionId}
          stepName={step.name}
          channel={channel}
          title={title}
          initial={previous ?? (channel === "phone" ? state.session.prefill.phone : state.session.prefill.email) ?? ""}
          testMode={testMode}
          onSent={(masked, resendAt) => {
            setNotice(null);
            setPhase({ kind: "code", masked, resendAt });
          }}
          onLocked={(until) => setPhase({ kind: "locked", until })}
        />
      )}
    </div>
  );
}

/** `sendOtp` with the step's error handling: a too-early resend becomes the countdown, a lock the locked screen. */
function useSendOtp(sessionId: string) {
  const trpc = useTRPC();
  const refresh = useRefreshFlowState(sessionId);
  return useMutation(
    trpc.flow.sendOtp.mutationOptions({
      onError: (err) => {
        if (refreshesState(err)) void refresh();
      },
    }),
  );
}

function DestinationForm({
  sessionId,
  stepName,
  channel,
  title,
  initial,
  testMode,
  onSent,
  onLocked,
}: {
  sessionId: string;
  stepName: string;
  channel: "phone" | "email";
  title: string;
  initial: string;
  testMode: boolean;
  onSent: (masked: string, resendAt: number) => void;
  onLocked: (until: number) => void;
}) {
  const t = useTranslations("otp");
  const errorText = useErrorText();
  const schema = useMemo(() => otpDestinationInput(channel), [channel]);
  const initialShown = channel === "phone" ? initial.replace(/^\+91/, "") : initial;
  const form = useForm({ resolver: zodResolver(schema), mode: "onTouched", defaultValues: { destination: initialShown } });
  const { register, handleSubmit, setError, formState } = form;
  const send = useSendOtp(sessionId);
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();
  const fieldId = `${id}-destination`;
  const hint = channel === "phone" ? t("phoneHint") : undefined;
  const error = errorText(formState.errors.destination?.message);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const sent = await send.mutateAsync({ sessionId, step: stepName, values: { destination: values.destination } });
      onSent(sent.destination_masked, now() + sent.resend_in_seconds * 1000);
    } catch (err) {
      const info = clientErrorInfo(err);
      const details = errorDetails(err);
      if (info.domainCode === "otp_resend_too_soon") {
        onSent(values.destination, now() + Number(details.retry_after ?? 30) * 1000);
      } else if (info.domainCode === "otp_locked") {
        onLocked(now() + Number(details.retry_after ?? 900) * 1000);
      } else if (info.domainCode === "otp_delivery_failed") {
        setFormError(t("deliveryFailed"));
      } else {
        const { fieldIssues, formKey } = splitServerErrors(err, ["destination"]);
        if (fieldIssues[0]) setError("destination", { type: "server", message: fieldIssues[0].message }, { shouldFocus: true });
        setFormError(errorText(formKey) ?? null);
      }
    }
  });

  const destination = register("destination");
  return (
    <form onSubmit={onSubmit} noValidate>
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{title}</h1>
      <p className="mt-2 text-base text-slate-600">{channel === "phone" ? t("phoneIntro") : t("emailIntro")}</p>
      {testMode ? <SandboxNote>{t("sandbox")}</SandboxNote> : null}
      <div className="mt-6">
        <Field id={fieldId} label={channel === "phone" ? t("phoneLabel") : t("emailLabel")} hint={hint} error={error}>
          {channel === "phone" ? (
            <div className="flex">
              <span
                aria-hidden="true"
                className="flex h-12 items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-base text-slate-600"
              >
                +91
              </span>
              <Input
                {...destination}
                id={fieldId}
                data-testid="field-phone"
                size="lg"
                className="rounded-l-none"
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                maxLength={20}
                invalid={!!error}
                aria-describedby={describedBy(fieldId, { hint, error })}
              />
            </div>
          ) : (
            <Input
              {...destination}
              id={fieldId}
              data-testid="field-email"
              size="lg"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={254}
              invalid={!!error}
              aria-describedby={describedBy(fieldId, { error })}
            />
          )}
        </Field>
      </div>
      <FormError className="mt-5">{formError}</FormError>
      <Button type="submit" size="lg" block className="mt-8" loading={send.isPending}>
        {t("send")}
      </Button>
    </form>
  );
}

function CodeForm({
  sessionId,
  stepName,
  channel,
  masked,
  resendAt,
  notice,
  testMode,
  onResent,
  onLocked,
  onChange,
  onDone,
}: {
  sessionId: string;
  stepName: string;
  channel: "phone" | "email";
  masked: string;
  resendAt: number;
  notice: string | null;
  testMode: boolean;
  onResent: (masked: string, resendAt: number) => void;
  onLocked: (until: number) => void;
  onChange: () => void;
  onDone: () => void;
}) {
  const t = useTranslations("otp");
  const errorText = useErrorText();
  const trpc = useTRPC();
  const refresh = useRefreshFlowState(sessionId);
  const verify = useMutation(trpc.flow.verifyOtp.mutationOptions());
  const send = useSendOtp(sessionId);
  const form = useForm({ resolver: zodResolver(ZOtpCodeInput), mode: "onSubmit", defaultValues: { code: "" } });
  const { register, handleSubmit, setError, setValue, formState } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const resendIn = useCountdown(resendAt);
  const submitting = useRef(false);

  // An event handler (the form's submit, the sixth digit typed): the in-flight guard is a ref read
  // only there, so the form's handler is made per event rather than during render.
  const onSubmit = (e?: React.BaseSyntheticEvent) =>
    handleSubmit(async (values) => {
      if (submitting.current) return;
      submitting.current = true;
      setFormError(null);
      try {
        await verify.mutateAsync({ sessionId, step: stepName, values: { code: values.code } });
        await refresh();
        onDone();
      } catch (err) {
        const info = clientErrorInfo(err);
        const details = errorDetails(err);
        setValue("code", "");
        if (info.domainCode === "otp_invalid") {
          setError("code", { type: "server", message: t("attemptsLeft", { count: Number(details.attempts_left ?? 0) }) }, { shouldFocus: true });
        } else if (info.domainCode === "otp_expired" || info.domainCode === "otp_not_sent") {
          setError("code", { type: "server", message: t("expired") }, { shouldFocus: true });
        } else if (info.domainCode === "otp_locked") {
          onLocked(now() + Number(details.retry_after ?? 900) * 1000);
        } else {
          if (refreshesState(err)) void refresh();
          const { fieldIssues, formKey } = splitServerErrors(err, ["code"]);
          if (fieldIssues[0]) setError("code", { type: "server", message: errorText(fieldIssues[0].message) }, { shouldFocus: true });
          setFormError(errorText(formKey) ?? null);
        }
      } finally {
        submitting.current = false;
      }
    })(e);

  async function resend() {
    setFormError(null);
    try {
      const sent = await send.mutateAsync({ sessionId, step: stepName, values: {} });
      onResent(sent.destination_masked, now() + sent.resend_in_seconds * 1000);
    } catch (err) {
      const info = clientErrorInfo(err);
      const details = errorDetails(err);
      if (info.domainCode === "otp_resend_too_soon") onResent(masked, now() + Number(details.retry_after ?? 30) * 1000);
      else if (info.domainCode === "otp_locked") onLocked(now() + Number(details.retry_after ?? 900) * 1000);
      else if (info.domainCode === "otp_delivery_failed") setFormError(t("deliveryFailed"));
      else setFormError(errorText(splitServerErrors(err, []).formKey) ?? null);
    }
  }

  return (
    <OtpCodeForm
      onSubmit={onSubmit}
      title={t("codeTitle")}
      sentTo={t("sentTo", { destination: masked })}
      changeLabel={channel === "phone" ? t("changePhone") : t("changeEmail")}
      onChange={onChange}
      sandboxNote={testMode ? t("sandbox") : null}
      label={t("codeLabel")}
      field={register("code")}
      error={formState.errors.code}
      onComplete={() => void onSubmit()}
      notice={notice}
      formError={formError}
      verifying={verify.isPending}
      resendLabel={t("resend")}
      onResend={() => void resend()}
      resending={send.isPending}
      resendIn={resendIn}
      resendInText={t("resendIn", { time: formatSeconds(resendIn) })}
      testIds={{ change: "otp-change", field: "field-code", resend: "otp-resend", countdown: "otp-resend-countdown" }}
    />
  );
}

function Locked({
  sessionId,
  stepName,
  until,
  onSent,
}: {
  sessionId: string;
  stepName: string;
  until: number;
  onSent: (masked: string, resendAt: number) => void;
}) {
  const t = useTranslations("otp");
  const errorText = useErrorText();
  const left = useCountdown(until);
  const send = useSendOtp(sessionId);
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <div data-testid="otp-locked">
      <MessageScreen
        tone="warning"
        title={t("lockedTitle")}
        actions={
          left === 0 ? (
            <>
              <FormError>{formError}</FormError>
              <Button
                size="lg"
                block
                loading={send.isPending}
                onClick={async () => {
                  try {
                    const sent = await send.mutateAsync({ sessionId, step: stepName, values: {} });
                    onSent(sent.destination_masked, now() + sent.resend_in_seconds * 1000);
                  } catch (err) {
                    setFormError(errorText(splitServerErrors(err, []).formKey) ?? null);
                  }
                }}
              >
                {t("resend")}
              </Button>
            </>
          ) : null
        }
      >
        <p>{left > 0 ? t("lockedBody", { time: formatSeconds(left) }) : t("lockedOver")}</p>
      </MessageScreen>
    </div>
  );
}

function KeepValue({
  sessionId,
  stepName,
  value,
  challengeId,
  title,
  onChange,
  onDone,
}: {
  sessionId: string;
  stepName: string;
  value: string;
  challengeId: unknown;
  title: string;
  onChange: () => void;
  onDone: () => void;
}) {
  const t = useTranslations("otp");
  const errorText = useErrorText();
  const submit = useSubmitStep(sessionId);
  const [formError, setFormError] = useState<string | null>(null);
  return (
    <div>
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{title}</h1>
      <p className="mt-4 flex items-center gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-base text-emerald-900">
        <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="size-5 shrink-0 text-emerald-600">
          <path
            fillRule="evenodd"
            d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.857-9.809a.75.75 0 0 0-1.214-.882l-3.483 4.79-1.88-1.88a.75.75 0 1 0-1.06 1.061l2.5 2.5a.75.75 0 0 0 1.137-.089l4-5.5Z"
            clipRule="evenodd"
          />
        </svg>
        <span className="break-all">{t("verifiedAs", { value })}</span>
      </p>
      <FormError className="mt-5">{formError}</FormError>
      <Button
        size="lg"
        block
        className="mt-8"
        loading={submit.isPending}
        onClick={async () => {
          try {
            await submit.mutateAsync({ sessionId, step: stepName, values: { challenge_id: challengeId } });
            onDone();
          } catch (err) {
            setFormError(errorText(splitServerErrors(err, []).formKey) ?? null);
          }
        }}
      >
        {t("keep")}
      </Button>
      <Button variant="secondary" size="lg" block className="mt-3" onClick={onChange}>
        {t("change")}
      </Button>
    </div>
  );
}

/** The review card: the verified number or address. */
export function OtpSummary({ step, values }: StepSummaryProps) {
  const channel = step.type === "email" ? "email" : "phone";
  return <SummaryRows rows={[{ label: "", value: summaryText(values[channel]) }]} />;
}
