"use client";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { describedBy, Field } from "~/components/ui/field";
import { FieldError, FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { RadioCards } from "~/components/ui/radio-cards";
import { ZAadhaarStepInput } from "~/server/steps/aadhaar/aadhaar.schemas";
import { CameraProblem, useCamera } from "../capture/camera-capture";
import { qrSupported, readQr, readQrFromFile } from "../capture/qr-reader";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";
import { type StepSummaryProps, SummaryRows } from "./step-view";
import { SandboxNote } from "../sandbox-note";

type Method = "offline_ekyc" | "secure_qr";

/** The file as base64 (without the `data:...;base64,` prefix). */
function readBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * `aadhaar`: the applicant shares UIDAI's offline e-KYC ZIP (with its share code) or the Secure
 * QR of their Aadhaar (scanned with the camera or read from a photo). The Aadhaar number itself
 * is never asked for, sent or stored: the checks keep the reference id and its last 4 digits.
 * Submits `{ method: "offline_ekyc", zip_base64, share_code } | { method: "secure_qr", qr_payload }`.
 */
export function AadhaarStep({ sessionId, state, step, isLast, onDone }: StepProps) {
  const t = useTranslations("aadhaar");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const methods = ((step.settings.methods as Method[] | undefined) ?? ["offline_ekyc", "secure_qr"]).filter((m) => m === "offline_ekyc" || m === "secure_qr");
  const previousMethod = step.values?.method as Method | undefined;
  const [method, setMethod] = useState<Method>(previousMethod && methods.includes(previousMethod) ? previousMethod : (methods[0] ?? "offline_ekyc"));
  const [zip, setZip] = useState<{ name: string; size: number; base64: string } | null>(null);
  const [shareCode, setShareCode] = useState("");
  const [qrPayload, setQrPayload] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const submit = useSubmitStep(sessionId);
  const id = useId();
  const ids = { zip: `${id}-zip`, shareCode: `${id}-share-code`, qr: `${id}-qr` };
  const zipInput = useRef<HTMLInputElement>(null);
  const zipButton = useRef<HTMLButtonElement>(null);
  const shareCodeInput = useRef<HTMLInputElement>(null);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    const values = method === "offline_ekyc" ? { method, zip_base64: zip?.base64 ?? "", share_code: shareCode } : { method, qr_payload: qrPayload ?? "" };
    const parsed = ZAadhaarStepInput.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0] ?? "method")] ??= issue.message;
      setErrors(next);
      if (next.zip_base64) zipButton.current?.focus();
      else if (next.share_code) shareCodeInput.current?.focus();
      return;
    }
    try {
      await submit.mutateAsync({ sessionId, step: step.name, values: parsed.data });
      onDone();
    } catch (err) {
      const { fieldIssues, formKey } = splitServerErrors(err, ["zip_base64", "share_code", "qr_payload"]);
      setErrors(Object.fromEntries(fieldIssues.map((i) => [i.param, i.message])));
      setFormError(formKey);
    }
  }

  const zipError = errorText(errors.zip_base64);
  const shareCodeError = errorText(errors.share_code);
  const qrError = errorText(errors.qr_payload);
  return (
    <form onSubmit={onSubmit} noValidate data-testid="flow-step-aadhaar" data-method={method}>
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("title")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("intro")}</p>
      {state.session.mode === "test" ? <SandboxNote>{t("sandbox")}</SandboxNote> : null}

      {methods.length > 1 ? (
        <div className="mt-6">
          <RadioCards
            name={`${id}-method`}
            legend={t("methodLegend")}
            testId="aadhaar-methods"
            options={methods.map((m) => ({
              value: m,
              title: m === "offline_ekyc" ? t("offlineTitle") : t("qrTitle"),
              description: m === "offline_ekyc" ? t("offlineDesc") : t("qrDesc"),
            }))}
            value={method}
            onChange={(v) => {
              setMethod(v as Method);
              setErrors({});
              setFormError(null);
            }}
          />
        </div>
      ) : null}

      {method === "offline_ekyc" ? (
        <div className="mt-6 space-y-5">
          <section className="rounded-lg bg-slate-50 px-4 py-3 text-[15px] text-slate-700">
            <h2 className="text-sm font-semibold text-slate-900">{t("offlineStepsTitle")}</h2>
            <ol className="mt-1.5 list-decimal space-y-1 pl-5">
              <li>{t("offlineStep1")}</li>
              <li>{t("offlineStep2")}</li>
              <li>{t("offlineStep3")}</li>
            </ol>
          </section>
          <div>
            <p id={`${ids.zip}-label`} className="text-sm font-medium text-slate-800">
              {t("zipLabel")}
            </p>
            {/* the visible button is the control; the file input only opens the picker */}
            <input
              ref={zipInput}
              type="file"
              accept=".zip,application/zip,application/x-zip-compressed"
              className="sr-only"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="aadhaar-zip"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                e.target.value = "";
                if (!file) return;
                setErrors((x) => ({ ...x, zip_base64: undefined }));
                setZip({ name: file.name, size: file.size, base64: await readBase64(file) });
              }}
            />
            <div className="mt-1.5 flex flex-wrap items-center gap-3">
              <Button
                ref={zipButton}
                id={ids.zip}
                variant="secondary"
                size="lg"
                onClick={() => zipInput.current?.click()}
                aria-labelledby={`${ids.zip}-label ${ids.zip}`}
                aria-invalid={!!zipError || undefined}
                aria-describedby={[zip ? `${ids.zip}-name` : null, zipError ? `${ids.zip}-error` : null].filter(Boolean).join(" ") || undefined}
              >
                {zip ? t("zipChange") : t("zipChoose")}
              </Button>
              {zip ? (
                <span id={`${ids.zip}-name`} className="min-w-0 text-sm break-all text-slate-700" data-testid="aadhaar-zip-name">
                  {t("zipChosen", { name: zip.name, size: formatSize(zip.size) })}
                </span>
              ) : null}
            </div>
            <FieldError id={`${ids.zip}-error`}>{zipError}</FieldError>
          </div>
          <Field id={ids.shareCode} label={t("shareCodeLabel")} hint={t("shareCodeHint")} error={shareCodeError}>
            <div className="w-40">
              <Input
                ref={shareCodeInput}
                id={ids.shareCode}
                data-testid="aadhaar-share-code"
                size="lg"
                className="font-mono tracking-widest"
                maxLength={4}
                autoComplete="off"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                value={shareCode}
                invalid={!!shareCodeError}
                aria-describedby={describedBy(ids.shareCode, { hint: true, error: shareCodeError })}
                onChange={(e) => {
                  setShareCode(e.target.value);
                  setErrors((x) => ({ ...x, share_code: undefined }));
                }}
              />
            </div>
          </Field>
        </div>
      ) : (
        <QrMethod
          payload={qrPayload}
          error={qrError}
          errorId={ids.qr}
          canUseOffline={methods.includes("offline_ekyc")}
          onUseOffline={() => setMethod("offline_ekyc")}
          onPayload={(payload) => {
            setQrPayload(payload);
            const parsed = ZAadhaarStepInput.safeParse({ method: "secure_qr", qr_payload: payload ?? "" });
            setErrors(payload && !parsed.success ? { qr_payload: parsed.error.issues[0]?.message } : {});
          }}
        />
      )}

      <FormError className="mt-5">{errorText(formError)}</FormError>
      {method === "offline_ekyc" || qrPayload ? (
        <Button type="submit" size="lg" block className="mt-8" loading={submit.isPending}>
          {isLast ? tc("submit") : tc("continue")}
        </Button>
      ) : null}
    </form>
  );
}

/** Secure QR: scan it with the camera or read it from a photo (capture/qr-reader.ts). */
function QrMethod({
  payload,
  error,
  errorId,
  canUseOffline,
  onUseOffline,
  onPayload,
}: {
  payload: string | null;
  error?: string;
  errorId: string;
  canUseOffline: boolean;
  onUseOffline: () => void;
  onPayload: (payload: string | null) => void;
}) {
  const t = useTranslations("aadhaar");
  const tc = useTranslations("common");
  const [supported, setSupported] = useState<boolean | null>(null);
  const [scanning, setScanning] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    // loads the QR reader (ZXing's WebAssembly where the browser has none) on opening this option
    let current = true;
    void qrSupported().then((ok) => current && setSupported(ok));
    return () => {
      current = false;
    };
  }, [attempt]);

  if (supported === false) {
    return (
      <div className="mt-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-base text-amber-900" role="alert" data-testid="qr-unsupported">
        <p>{t("qrUnsupported")}</p>
        <div className="mt-3 flex flex-col gap-3">
          <Button
            variant="secondary"
            size="lg"
            block
            onClick={() => {
              setSupported(null); // checking again
              setAttempt((n) => n + 1);
            }}
          >
            {tc("retry")}
          </Button>
          {canUseOffline ? (
            <Button variant="secondary" size="lg" block onClick={onUseOffline}>
              {t("offlineTitle")}
            </Button>
          ) : null}
        </div>
      </div>
    );
  }
  const shownError = error ?? photoError;
  if (payload && !error) {
    return (
      <div className="mt-6 rounded-lg border border-emerald-200 bg-emerald-50 px-4 py-3 text-emerald-900" role="status" data-testid="qr-read">
        <p className="font-semibold">{t("qrRead")}</p>
        <p className="mt-0.5 text-sm">{t("qrReadBody")}</p>
        <Button variant="secondary" size="lg" className="mt-3" onClick={() => onPayload(null)}>
          {t("qrRetake")}
        </Button>
      </div>
    );
  }
  return (
    <div className="mt-6">
      {scanning ? (
        <QrScanner
          onRead={(value) => {
            setScanning(false);
            onPayload(value);
          }}
          onStop={() => setScanning(false)}
        />
      ) : (
        <div className="flex flex-col gap-3">
          <Button
            size="lg"
            block
            onClick={() => (setPhotoError(null), setScanning(true))}
            loading={supported === null}
            aria-describedby={shownError ? errorId : undefined}
            data-testid="qr-scan"
          >
            {t("scan")}
          </Button>
          <Button
            variant="secondary"
            size="lg"
            block
            onClick={() => photoInput.current?.click()}
            loading={reading}
            disabled={supported === null}
            aria-describedby={shownError ? errorId : undefined}
            data-testid="qr-photo"
          >
            {t("uploadQr")}
          </Button>
          <input
            ref={photoInput}
            type="file"
            accept="image/*"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={async (e) => {
              const file = e.target.files?.[0];
              e.target.value = "";
              if (!file) return;
              setPhotoError(null);
              setReading(true);
              const value = await readQrFromFile(file).catch(() => null);
              setReading(false);
              if (value) onPayload(value);
              else setPhotoError(t("qrNotFound"));
            }}
          />
        </div>
      )}
      <div aria-live="polite">
        <FieldError id={errorId}>{shownError}</FieldError>
      </div>
    </div>
  );
}

function QrScanner({ onRead, onStop }: { onRead: (value: string) => void; onStop: () => void }) {
  const t = useTranslations("aadhaar");
  const { videoRef, status, retry } = useCamera("environment");
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // on a phone the viewfinder starts below the fold
    frame.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, []);
  useEffect(() => {
    if (status !== "live") return;
    let stopped = false;
    const tick = async () => {
      if (stopped) return;
      const video = videoRef.current;
      const value = video && video.readyState >= 2 ? await readQr(video).catch(() => null) : null;
      if (value && !stopped) onRead(value);
      else if (!stopped) window.setTimeout(() => void tick(), 350);
    };
    void tick();
    return () => {
      stopped = true;
    };
  }, [status, videoRef, onRead]);

  if (status !== "live" && status !== "starting") return <CameraProblem status={status} onRetry={retry} />;
  return (
    <div ref={frame} data-testid="qr-scanner">
      <div className="relative aspect-square overflow-hidden rounded-xl bg-slate-900">
        <video ref={videoRef} playsInline muted autoPlay className="absolute inset-0 size-full object-cover" aria-label={t("scanning")} />
        <div aria-hidden="true" className="absolute inset-[15%] rounded-lg border-4 border-white/90" />
      </div>
      <p className="mt-3 text-sm text-slate-600" role="status">
        {t("scanning")}
      </p>
      <Button variant="secondary" size="lg" block className="mt-3" onClick={onStop}>
        {t("stopScanning")}
      </Button>
    </div>
  );
}

/** The review card: which UIDAI artefact was shared (never its content). */
export function AadhaarSummary({ values }: StepSummaryProps) {
  const t = useTranslations("review");
  return <SummaryRows rows={[{ label: "", value: values.method === "secure_qr" ? t("aadhaarQr") : t("aadhaarOffline") }]} />;
}
