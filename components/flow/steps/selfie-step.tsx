"use client";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field-error";
import { CameraCapture } from "../capture/camera-capture";
import { UploadProgress, UploadRefused } from "../capture/upload-refused";
import { prepareImage, UploadError, uploadFlowFile } from "../capture/upload-file";
import { useFlowAuthorization } from "../flow-auth";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { ZSelfieSettings } from "~/server/steps/selfie/selfie.schemas";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";
import { SummaryRows } from "./step-view";

type Phase = { kind: "intro" } | { kind: "camera" } | { kind: "preview"; photo: Blob; frames: Blob[]; url: string } | { kind: "refused"; code: string };

/** Upload failures worth trying again with the same capture (a retake would make the applicant repeat the challenge). */
const TRANSIENT_UPLOAD_ERRORS = new Set(["network", "scanner_unavailable"]);

/** Frames of the active challenge and their spacing: ~3.2 s of movement. */
const CHALLENGE_FRAMES = 8;
const CHALLENGE_INTERVAL_MS = 400;

/**
 * `selfie`: a live photo from the front camera, with an oval to place the face in. There is no
 * gallery upload on purpose (a live capture). The photo is previewed, then stored through the
 * upload route as kind `selfie` and the step is submitted with `{ files: [file_...] }`.
 *
 * Active liveness (`settings.liveness.active`: `turn_head` or `blink`): after the shutter the
 * applicant is asked to move while a burst of small frames is taken; they are uploaded as
 * `selfie_frame` and submitted as `frames`, and the server's liveness check verifies the head
 * turn or blink in them (server/intelligence/face/face-checks.ts `judgeChallenge`). Nothing is
 * judged in the browser: a browser verdict could be forged, and live guidance would need the
 * face models (~28 MB) served to the phone. An upload that fails on the way (network, virus
 * scanner down) keeps the capture: "Submit" tries again and skips the parts already stored.
 */
export function SelfieStep({ sessionId, step, isLast, onDone }: StepProps) {
  const t = useTranslations("selfie");
  const tc = useTranslations("common");
  const td = useTranslations("documents");
  const errorText = useErrorText();
  const authorization = useFlowAuthorization();
  const submit = useSubmitStep(sessionId);
  const [phase, setPhase] = useState<Phase>({ kind: "intro" });
  const [progress, setProgress] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  /** File ids of the parts (selfie, frames) already uploaded, so that a retry sends only the rest. */
  const uploaded = useRef(new WeakMap<Blob, string>());
  const active = ZSelfieSettings.safeParse(step.settings).data?.liveness.active ?? "none";
  const challenge =
    active === "none"
      ? undefined
      : {
          prompt: active === "turn_head" ? t("challengeTurnHead") : t("challengeBlink"),
          recording: t("challengeRecording"),
          frames: CHALLENGE_FRAMES,
          intervalMs: CHALLENGE_INTERVAL_MS,
        };

  useEffect(() => () => (phase.kind === "preview" ? URL.revokeObjectURL(phase.url) : undefined), [phase]);

  async function submitPhoto(photo: Blob, frames: Blob[]) {
    setFormError(null);
    setProgress(0);
    try {
      const parts = [photo, ...frames];
      const ids: string[] = [];
      for (const [i, part] of parts.entries()) {
        const stored = uploaded.current.get(part);
        if (stored) {
          ids.push(stored);
          continue;
        }
        const file = await uploadFlowFile({
          sessionId,
          authorization: authorization(),
          step: step.name,
          kind: i === 0 ? "selfie" : "selfie_frame",
          file: i === 0 ? await prepareImage(part) : part,
          fileName: i === 0 ? "selfie.jpg" : `frame-${i}.jpg`,
          onProgress: (p) => setProgress(Math.round((i * 100 + p) / parts.length)),
        });
        uploaded.current.set(part, file.id);
        ids.push(file.id);
      }
      const [selfie, ...frameIds] = ids;
      await submit.mutateAsync({ sessionId, step: step.name, values: { files: [selfie], ...(frameIds.length ? { frames: frameIds } : {}) } });
      onDone();
    } catch (err) {
      if (err instanceof UploadError && TRANSIENT_UPLOAD_ERRORS.has(err.code))
        setFormError(err.code === "network" ? errorText("network")! : td("refusedScanner"));
      else if (err instanceof UploadError) setPhase({ kind: "refused", code: err.code });
      else setFormError(errorText(splitServerErrors(err, []).formKey) ?? null);
    } finally {
      setProgress(null);
    }
  }

  /** Back to the camera for a new capture (and a new challenge): the last capture's error no longer applies. */
  function retake() {
    setFormError(null);
    setPhase({ kind: "camera" });
  }

  if (phase.kind === "refused") return <UploadRefused code={phase.code} retryLabel={t("retake")} onRetry={retake} />;

  return (
    <div data-testid="flow-step-selfie">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{phase.kind === "preview" ? t("previewTitle") : t("title")}</h1>
      {phase.kind === "intro" ? (
        <>
          <p className="mt-2 text-base text-slate-600">{t("intro")}</p>
          {challenge ? (
            <div className="mt-4 rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900" data-testid="selfie-challenge-intro">
              <p className="font-medium">
                {t("challengeTitle")}: {challenge.prompt}
              </p>
              <p className="mt-1">{t("challengeIntro")}</p>
            </div>
          ) : null}
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
          <CameraCapture
            facing="user"
            guide="oval"
            challenge={challenge}
            onCapture={(photo, frames) => setPhase({ kind: "preview", photo, frames, url: URL.createObjectURL(photo) })}
          />
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
          {phase.frames.length > 0 ? (
            <p className="mt-3 text-sm text-slate-600" data-testid="selfie-frames-note">
              {t("challengeFramesNote", { count: phase.frames.length })}
            </p>
          ) : null}
          {progress !== null ? <UploadProgress percent={progress} /> : null}
          <FormError className="mt-4">{formError}</FormError>
          <div className="mt-6 flex flex-col gap-3">
            <Button
              size="lg"
              block
              loading={progress !== null || submit.isPending}
              onClick={() => void submitPhoto(phase.photo, phase.frames)}
              data-testid="selfie-use"
            >
              {isLast ? tc("submit") : t("use")}
            </Button>
            <Button variant="secondary" size="lg" block disabled={progress !== null} onClick={retake}>
              {t("retake")}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}

/** The review card: that a selfie was taken. */
export function SelfieSummary() {
  const t = useTranslations("review");
  return <SummaryRows rows={[{ label: "", value: t("selfieTaken") }]} />;
}
