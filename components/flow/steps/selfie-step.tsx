"use client";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field-error";
import { CameraCapture, type CameraChallenge, type ChallengeFrame } from "../capture/camera-capture";
import { UploadProgress, UploadRefused } from "../capture/upload-refused";
import { prepareImage, UploadError, uploadFlowFile } from "../capture/upload-file";
import { useFlowAuthorization } from "../flow-auth";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";
import { SummaryRows } from "./step-view";

/** A challenge as the server issued it (flow.livenessChallenge). */
interface Issued {
  id: string;
  nonce: string;
  actions: ("turn_left" | "turn_right" | "look_up" | "blink" | "move_closer")[];
  attempt: number;
  max_attempts: number;
}

type Phase =
  | { kind: "intro" }
  | { kind: "camera"; challenge: Issued | null }
  | { kind: "preview"; photo: Blob; frames: ChallengeFrame[]; url: string; challenge: Issued | null }
  | { kind: "failed"; code: string; attemptsLeft: number }
  | { kind: "refused"; code: string };

/** Upload failures worth trying again with the same capture (a retake would make the applicant repeat the challenge). */
const TRANSIENT_UPLOAD_ERRORS = new Set(["network", "scanner_unavailable"]);

/** The challenge's pace: a neutral second, 2 s per action, a frame every 250 ms (server: liveness-judge.ts FRAME_GAP_MS). */
const LEAD_MS = 1000;
const STEP_MS = 2000;
const FRAME_MS = 250;

/** Why an attempt failed, as the applicant reads it (the judge's error codes). */
const FAILURES = new Set(["challenge_not_completed", "face_changed", "flat_surface", "mirrored", "replayed", "challenge_expired"]);

/**
 * `selfie`: a live photo from the front camera, with an oval to place the face in. There is no
 * gallery upload on purpose (a live capture). The photo is previewed, then stored through the
 * upload route as kind `selfie` and the step is submitted with `{ files: [file_...] }`.
 *
 * Active liveness (`settings.liveness.active: challenge`, the default): opening the camera asks
 * the server for a challenge (flow.livenessChallenge: 2-3 actions in a random order); after the
 * shutter each action is shown in turn ("step n of N", a progress bar) while timestamped frames
 * are taken from the live camera. They are uploaded as `selfie_frame` with the challenge's nonce,
 * then the server judges them (flow.livenessVerdict; nothing is judged in the browser). A failed
 * attempt tells the applicant why and offers a new challenge while attempts are left; otherwise
 * the step is submitted with `challenge_id` and in.liveness.check reports the verdict. An upload
 * that fails on the way (network, virus scanner down) keeps the capture: "Submit" tries again and
 * skips the parts already stored.
 */
export function SelfieStep({ sessionId, step, isLast, onDone }: StepProps) {
  const t = useTranslations("selfie");
  const tc = useTranslations("common");
  const td = useTranslations("documents");
  const errorText = useErrorText();
  const authorization = useFlowAuthorization();
  const submit = useSubmitStep(sessionId);
  const trpc = useTRPC();
  const issue = useMutation(trpc.flow.livenessChallenge.mutationOptions());
  const judge = useMutation(trpc.flow.livenessVerdict.mutationOptions());
  const [phase, setPhase] = useState<Phase>({ kind: "intro" });
  const [progress, setProgress] = useState<number | null>(null);
  const [checking, setChecking] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  /** File ids of the parts (selfie, frames) already uploaded, so that a retry sends only the rest. */
  const uploaded = useRef(new WeakMap<Blob, string>());
  // the settings come parsed, defaults applied (server/flow/flow-state.ts): read, not parsed again (zod stays off this screen)
  const active = (step.settings as { liveness?: { active?: unknown } }).liveness?.active !== "none";

  useEffect(() => () => (phase.kind === "preview" ? URL.revokeObjectURL(phase.url) : undefined), [phase]);

  /** The camera, with a new challenge from the server when the step has one. */
  async function openCamera() {
    setFormError(null);
    if (!active) return setPhase({ kind: "camera", challenge: null });
    try {
      const challenge = await issue.mutateAsync({ sessionId, step: step.name });
      setPhase({ kind: "camera", challenge });
    } catch (err) {
      const info = clientErrorInfo(err);
      setFormError(
        errorText(info.domainCode === "liveness_attempts_exhausted" ? "liveness_attempts_exhausted" : info.code === null ? "network" : "generic") ?? null,
      );
    }
  }

  const cameraChallenge = (c: Issued): CameraChallenge => ({
    ready: t("challengeReady"),
    steps: c.actions.map((action) => ({ action, prompt: t(`action.${action}`) })),
    stepLabel: (n, total) => t("challengeStep", { current: n, total }),
    leadMs: LEAD_MS,
    stepMs: STEP_MS,
    frameMs: FRAME_MS,
  });

  async function upload(part: Blob, i: number, total: number, kind: string, fields?: Record<string, string>): Promise<string> {
    const stored = uploaded.current.get(part);
    if (stored) return stored;
    const file = await uploadFlowFile({
      sessionId,
      authorization: authorization(),
      step: step.name,
      kind,
      file: kind === "selfie" ? await prepareImage(part) : part,
      fileName: kind === "selfie" ? "selfie.jpg" : `frame-${i}.jpg`,
      fields,
      onProgress: (p) => setProgress(Math.round((i * 100 + p) / total)),
    });
    uploaded.current.set(part, file.id);
    return file.id;
  }

  async function submitPhoto(photo: Blob, frames: ChallengeFrame[], challenge: Issued | null) {
    setFormError(null);
    setProgress(0);
    try {
      const total = frames.length + 1;
      const selfie = await upload(photo, 0, total, "selfie");
      for (const [i, frame] of frames.entries()) {
        try {
          await upload(frame.blob, i + 1, total, "selfie_frame", { challenge: challenge!.nonce, captured_ms: String(frame.capturedMs) });
        } catch (err) {
          // a frame the server has seen before is refused and counted: its verdict says so
          if (!(err instanceof UploadError && err.code === "liveness_frame_replayed")) throw err;
        }
      }
      setProgress(null);
      if (challenge) {
        setChecking(true);
        const verdict = await judge.mutateAsync({ sessionId, step: step.name, challenge_id: challenge.id, selfie_file_id: selfie });
        setChecking(false);
        if (verdict.status === "failed" && verdict.attempts_left > 0) {
          return setPhase({ kind: "failed", code: verdict.error_code ?? "challenge_not_completed", attemptsLeft: verdict.attempts_left });
        }
      }
      await submit.mutateAsync({ sessionId, step: step.name, values: { files: [selfie], ...(challenge ? { challenge_id: challenge.id } : {}) } });
      onDone();
    } catch (err) {
      if (err instanceof UploadError && err.code === "liveness_challenge_invalid") setPhase({ kind: "failed", code: "challenge_expired", attemptsLeft: 1 });
      else if (err instanceof UploadError && TRANSIENT_UPLOAD_ERRORS.has(err.code))
        setFormError(err.code === "network" ? errorText("network")! : td("refusedScanner"));
      else if (err instanceof UploadError) setPhase({ kind: "refused", code: err.code });
      else setFormError(errorText(splitServerErrors(err, []).formKey) ?? null);
    } finally {
      setProgress(null);
      setChecking(false);
    }
  }

  /** Back to the camera for a new capture (and a new challenge): the last capture's error no longer applies. */
  function retake() {
    void openCamera();
  }

  if (phase.kind === "refused") return <UploadRefused code={phase.code} retryLabel={t("retake")} onRetry={retake} />;

  return (
    <div data-testid="flow-step-selfie">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">
        {phase.kind === "preview" ? t("previewTitle") : phase.kind === "failed" ? t("challengeFailedTitle") : t("title")}
      </h1>
      {phase.kind === "intro" ? (
        <>
          <p className="mt-2 text-base text-slate-600">{t("intro")}</p>
          {active ? (
            <div className="mt-4 rounded-lg bg-sky-50 px-4 py-3 text-sm text-sky-900" data-testid="selfie-challenge-intro">
              <p className="font-medium">{t("challengeTitle")}</p>
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
          <FormError className="mt-4">{formError}</FormError>
          <Button size="lg" block className="mt-8" loading={issue.isPending} onClick={() => void openCamera()} data-testid="selfie-start">
            {t("start")}
          </Button>
        </>
      ) : phase.kind === "camera" ? (
        <div className="mt-4">
          {phase.challenge ? (
            <p className="mb-3 text-sm text-slate-600" data-testid="selfie-challenge-steps">
              {t("challengeHowTo", { count: phase.challenge.actions.length })}
            </p>
          ) : null}
          <CameraCapture
            facing="user"
            guide="oval"
            challenge={phase.challenge ? cameraChallenge(phase.challenge) : undefined}
            onCapture={(photo, frames) => setPhase({ kind: "preview", photo, frames, url: URL.createObjectURL(photo), challenge: phase.challenge })}
          />
        </div>
      ) : phase.kind === "failed" ? (
        <div className="mt-4" data-testid="selfie-challenge-failed" data-code={phase.code}>
          <p role="alert" className="rounded-lg bg-amber-50 px-4 py-3 text-base text-amber-900">
            {t(`failure.${FAILURES.has(phase.code) ? phase.code : "other"}` as "failure.other")}
          </p>
          <p className="mt-3 text-sm text-slate-600">{t("challengeAttemptsLeft", { count: phase.attemptsLeft })}</p>
          <FormError className="mt-4">{formError}</FormError>
          <Button size="lg" block className="mt-6" loading={issue.isPending} onClick={retake} data-testid="selfie-retry">
            {t("challengeRetry")}
          </Button>
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
          {checking ? (
            <p className="mt-3 text-sm text-slate-700" role="status" data-testid="selfie-checking">
              {t("challengeChecking")}
            </p>
          ) : null}
          <FormError className="mt-4">{formError}</FormError>
          <div className="mt-6 flex flex-col gap-3">
            <Button
              size="lg"
              block
              loading={progress !== null || checking || submit.isPending}
              onClick={() => void submitPhoto(phase.photo, phase.frames, phase.challenge)}
              data-testid="selfie-use"
            >
              {isLast ? tc("submit") : t("use")}
            </Button>
            <Button variant="secondary" size="lg" block disabled={progress !== null || checking} onClick={retake}>
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
