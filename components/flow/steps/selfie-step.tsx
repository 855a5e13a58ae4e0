"use client";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field-error";
import { CameraCapture } from "../capture/camera-capture";
import { UploadProgress, UploadRefused } from "../capture/upload-refused";
import { prepareImage, UploadError, uploadFlowFile } from "../capture/upload-file";
import { useFlowAuthorization } from "../flow-auth";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";

type Phase = { kind: "intro" } | { kind: "camera" } | { kind: "preview"; photo: Blob; url: string } | { kind: "refused"; code: string };

/**
 * `selfie`: a live photo from the front camera, with an oval to place the face in. There is no
 * gallery upload on purpose (a live capture). The photo is previewed, then stored through the
 * upload route as kind `selfie` and the step is submitted with `{ files: [file_...] }`.
 */
export function SelfieStep({ sessionId, step, isLast, onDone }: StepProps) {
  const t = useTranslations("selfie");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const authorization = useFlowAuthorization();
  const submit = useSubmitStep(sessionId);
  const [phase, setPhase] = useState<Phase>({ kind: "intro" });
  const [progress, setProgress] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => () => (phase.kind === "preview" ? URL.revokeObjectURL(phase.url) : undefined), [phase]);

  async function submitPhoto(photo: Blob) {
    setFormError(null);
    setProgress(0);
    try {
      const file = await uploadFlowFile({
        sessionId,
        authorization: authorization(),
        step: step.name,
        kind: "selfie",
        file: await prepareImage(photo),
        fileName: "selfie.jpg",
        onProgress: setProgress,
      });
      await submit.mutateAsync({ sessionId, step: step.name, values: { files: [file.id] } });
      onDone();
    } catch (err) {
      if (err instanceof UploadError) setPhase({ kind: "refused", code: err.code });
      else setFormError(errorText(splitServerErrors(err, []).formKey) ?? null);
    } finally {
      setProgress(null);
    }
  }

  if (phase.kind === "refused") return <UploadRefused code={phase.code} retryLabel={t("retake")} onRetry={() => setPhase({ kind: "camera" })} />;

  return (
    <div data-testid="flow-step-selfie">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{phase.kind === "preview" ? t("previewTitle") : t("title")}</h1>
      {phase.kind === "intro" ? (
        <>
          <p className="mt-2 text-base text-slate-600">{t("intro")}</p>
          <ul className="mt-6 space-y-3 text-base text-slate-800">
            {(["tip1", "tip2", "tip3"] as const).map((tip) => (
              <li key={tip} className="flex items-start gap-3">
                <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-600">
                  <path
                    fillRule="evenodd"
                    d="M16.704 4.153a.75.75 0 0 1 .143 1.052l-8 10.5a.75.75 0 0 1-1.127.075l-4.5-4.5a.75.75 0 0 1 1.06-1.06l3.894 3.893 7.48-9.817a.75.75 0 0 1 1.05-.143Z"
                    clipRule="evenodd"
                  />
                </svg>
                {t(tip)}
              </li>
            ))}
          </ul>
          <Button size="lg" block className="mt-8" onClick={() => setPhase({ kind: "camera" })} data-testid="selfie-start">
            {t("start")}
          </Button>
        </>
      ) : phase.kind === "camera" ? (
        <div className="mt-4">
          <CameraCapture facing="user" guide="oval" onCapture={(photo) => setPhase({ kind: "preview", photo, url: URL.createObjectURL(photo) })} />
        </div>
      ) : (
        <>
          {/* a local object URL: next/image does not apply */}
          <img
            src={phase.url}
            alt={t("previewAlt")}
            className="mt-4 aspect-[3/4] w-full rounded-xl object-cover"
            style={{ transform: "scaleX(-1)" }}
            data-testid="selfie-preview"
          />
          {progress !== null ? <UploadProgress percent={progress} /> : null}
          <FormError className="mt-4">{formError}</FormError>
          <div className="mt-6 flex flex-col gap-3">
            <Button size="lg" block loading={progress !== null || submit.isPending} onClick={() => void submitPhoto(phase.photo)} data-testid="selfie-use">
              {isLast ? tc("submit") : t("use")}
            </Button>
            <Button variant="secondary" size="lg" block disabled={progress !== null} onClick={() => setPhase({ kind: "camera" })}>
              {t("retake")}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
