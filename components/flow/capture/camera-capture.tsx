"use client";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { useClientValue } from "~/components/ui/use-client-value";
import { MessageScreen } from "../flow-shell";
import { CameraHelp } from "../handoff/camera-help";

export type CameraStatus = "starting" | "live" | "denied" | "missing" | "busy" | "insecure" | "error";

/** The camera problem behind a getUserMedia failure (https://w3c.github.io/mediacapture-main/#dom-mediadevices-getusermedia). */
function statusOf(err: unknown): CameraStatus {
  const name = (err as { name?: string } | null)?.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "missing";
  if (name === "NotReadableError" || name === "AbortError") return "busy";
  return "error";
}

/** Why this page cannot use a camera at all (not a secure context; no `getUserMedia`), or null. Browser only. */
function cameraUnavailable(): CameraStatus | null {
  if (!window.isSecureContext) return "insecure";
  return !navigator.mediaDevices?.getUserMedia ? "missing" : null;
}

/**
 * A live camera in a `<video>`: starts on mount, stops (every track) on unmount, and reports
 * why it could not start. `facing`: `user` (selfie, shown mirrored) or `environment` (documents).
 */
export function useCamera(facing: "user" | "environment") {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [attempt, setAttempt] = useState(0);
  const unavailable = useClientValue(cameraUnavailable, null);
  /** How the camera request for `facing` and `attempt` ended; a newer request is `starting` until it ends. */
  const [outcome, setOutcome] = useState<{ facing: "user" | "environment"; attempt: number; status: CameraStatus } | null>(null);
  const status: CameraStatus = unavailable ?? (outcome?.facing === facing && outcome.attempt === attempt ? outcome.status : "starting");

  useEffect(() => {
    if (unavailable) return;
    let cancelled = false;
    const end = (ended: CameraStatus) => setOutcome({ facing, attempt, status: ended });
    navigator.mediaDevices
      .getUserMedia({ audio: false, video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } } })
      .then(async (stream) => {
        if (cancelled) return stream.getTracks().forEach((track) => track.stop());
        streamRef.current = stream;
        const video = videoRef.current;
        if (video) {
          video.srcObject = stream;
          await video.play().catch(() => {});
        }
        end("live");
      })
      .catch((err: unknown) => !cancelled && end(statusOf(err)));
    return () => {
      cancelled = true;
      streamRef.current?.getTracks().forEach((track) => track.stop());
      streamRef.current = null;
    };
  }, [facing, attempt, unavailable]);

  /** The current frame as a JPEG (not mirrored), at most `maxWidth` pixels wide, or null before the first frame. */
  const capture = useCallback(async (maxWidth?: number): Promise<Blob | null> => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return null;
    const scale = maxWidth ? Math.min(1, maxWidth / video.videoWidth) : 1;
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.9));
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { videoRef, status, capture, retry };
}

/**
 * The screen for a camera that could not start, with what to do about it: try again, the
 * browser's steps to allow the camera, and the step's fallbacks (`children`) beside "continue
 * on your phone" (handoff/camera-help.tsx).
 */
export function CameraProblem({ status, onRetry, children }: { status: CameraStatus; onRetry: () => void; children?: React.ReactNode }) {
  const t = useTranslations("camera");
  const tc = useTranslations("common");
  const copy =
    status === "denied"
      ? { title: t("deniedTitle"), body: t("deniedBody") }
      : status === "busy"
        ? { title: t("busyTitle"), body: t("busyBody") }
        : status === "insecure"
          ? { title: t("missingTitle"), body: t("insecureBody") }
          : { title: t("missingTitle"), body: t("missingBody") };
  return (
    <div data-testid="camera-problem" data-status={status}>
      <MessageScreen
        tone="warning"
        title={copy.title}
        actions={
          <Button size="lg" block onClick={onRetry}>
            {tc("retry")}
          </Button>
        }
      >
        <p>{copy.body}</p>
      </MessageScreen>
      <CameraHelp>{children}</CameraHelp>
    </div>
  );
}

/**
 * An active liveness challenge (issued by the server): after the shutter, `ready` shows for
 * `leadMs`, then each of `steps` for `stepMs`, with "step n of N" and a progress bar, while a frame
 * is taken every `frameMs` (timestamped from the shutter).
 */
export interface CameraChallenge {
  ready: string;
  /** One prompt per action, in the order asked, with the action's key (`data-action`). */
  steps: { action: string; prompt: string }[];
  stepLabel: (n: number, total: number) => string;
  leadMs: number;
  stepMs: number;
  frameMs: number;
}

/** A frame taken during the challenge and when: ms since the shutter. */
export interface ChallengeFrame {
  blob: Blob;
  capturedMs: number;
}

/** Width of challenge frames in pixels: enough for face detection, small to upload. */
const CHALLENGE_FRAME_WIDTH = 480;

/**
 * A viewfinder with a guide (an oval for a face, a card-shaped frame for a document) and a
 * shutter button. Calls `onCapture` with a JPEG of the frame and, with a `challenge`, the frames
 * taken during it (in order, timestamped; judged by the server, not here).
 */
export function CameraCapture({
  facing,
  guide,
  onCapture,
  onCancel,
  cancelLabel,
  fallback,
  challenge,
}: {
  facing: "user" | "environment";
  guide: "oval" | "document";
  onCapture: (photo: Blob, frames: ChallengeFrame[]) => void;
  onCancel?: () => void;
  cancelLabel?: string;
  /** Offered next to "Try again" when the camera cannot start (e.g. "Upload a file"). */
  fallback?: React.ReactNode;
  challenge?: CameraChallenge;
}) {
  const t = useTranslations("camera");
  const { videoRef, status, capture, retry } = useCamera(facing);
  const [busy, setBusy] = useState(false);
  /** During the challenge: the step shown (-1: `ready`) and the share of the challenge done, 0..1; null outside it. */
  const [shown, setShown] = useState<{ step: number; done: number } | null>(null);

  async function shoot() {
    setBusy(true);
    const photo = await capture();
    if (!photo) return setBusy(false);
    const frames: ChallengeFrame[] = [];
    if (challenge) {
      const t0 = performance.now();
      const total = challenge.leadMs + challenge.steps.length * challenge.stepMs;
      for (let at = challenge.frameMs; at <= total; at += challenge.frameMs) {
        const step = at <= challenge.leadMs ? -1 : Math.min(challenge.steps.length - 1, Math.floor((at - challenge.leadMs - 1) / challenge.stepMs));
        setShown({ step, done: at / total });
        // on schedule, but never closer than half a period to the previous frame (a busy phone catching up
        // would send a burst, whose timing the server refuses as not a live capture's)
        const last = frames.at(-1)?.capturedMs ?? -Infinity;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, t0 + at - performance.now(), t0 + last + challenge.frameMs / 2 - performance.now())));
        const blob = await capture(CHALLENGE_FRAME_WIDTH);
        if (blob) frames.push({ blob, capturedMs: Math.round(performance.now() - t0) });
      }
      setShown(null);
    }
    setBusy(false);
    onCapture(photo, frames);
  }

  if (status !== "live" && status !== "starting") {
    return (
      <CameraProblem status={status} onRetry={retry}>
        {fallback}
      </CameraProblem>
    );
  }
  const mirrored = facing === "user";
  return (
    <div data-testid="camera" data-status={status}>
      <div className="relative overflow-hidden rounded-xl bg-slate-900" style={{ aspectRatio: guide === "oval" ? "3 / 4" : "4 / 3" }}>
        <video
          ref={videoRef}
          playsInline
          muted
          autoPlay
          aria-label={guide === "oval" ? t("selfieGuide") : t("documentGuide")}
          className="absolute inset-0 size-full object-cover"
          style={mirrored ? { transform: "scaleX(-1)" } : undefined}
        />
        <svg
          className="pointer-events-none absolute inset-0 size-full"
          viewBox={guide === "oval" ? "0 0 300 400" : "0 0 400 300"}
          preserveAspectRatio="none"
          aria-hidden="true"
        >
          <defs>
            <mask id={`guide-mask-${guide}`}>
              <rect width="400" height="400" fill="white" />
              {guide === "oval" ? (
                <ellipse cx="150" cy="190" rx="95" ry="130" fill="black" />
              ) : (
                <rect x="40" y="40" width="320" height="202" rx="12" fill="black" />
              )}
            </mask>
          </defs>
          <rect width="400" height="400" fill="rgba(15,23,42,0.55)" mask={`url(#guide-mask-${guide})`} />
          {guide === "oval" ? (
            <ellipse cx="150" cy="190" rx="95" ry="130" fill="none" stroke="white" strokeWidth="3" strokeDasharray="8 6" />
          ) : (
            <rect x="40" y="40" width="320" height="202" rx="12" fill="none" stroke="white" strokeWidth="3" />
          )}
        </svg>
        {challenge && shown !== null ? (
          <div
            className="absolute inset-x-0 bottom-0 bg-slate-900/80 px-4 py-3 text-center text-white"
            role="status"
            aria-live="assertive"
            data-testid="camera-challenge"
            data-action={shown.step < 0 ? "ready" : challenge.steps[shown.step]!.action}
          >
            {shown.step >= 0 ? <p className="text-sm">{challenge.stepLabel(shown.step + 1, challenge.steps.length)}</p> : null}
            <p className="text-lg font-semibold">{shown.step < 0 ? challenge.ready : challenge.steps[shown.step]!.prompt}</p>
            <div className="mx-auto mt-2 h-1.5 w-2/3 overflow-hidden rounded-full bg-white/30" aria-hidden="true">
              <div className="h-full bg-white transition-[width]" style={{ width: `${shown.done * 100}%` }} />
            </div>
          </div>
        ) : (
          <p className="absolute inset-x-4 bottom-3 mx-auto w-fit rounded-md bg-slate-900/80 px-3 py-1 text-center text-sm font-medium text-white">
            {status === "starting" ? t("starting") : guide === "oval" ? t("selfieGuide") : t("documentGuide")}
          </p>
        )}
      </div>
      <div className="mt-5 flex flex-col gap-3">
        <Button size="lg" block data-testid="camera-shutter" disabled={status !== "live"} loading={busy} onClick={() => void shoot()}>
          {t("capture")}
        </Button>
        {onCancel ? (
          <Button variant="secondary" size="lg" block onClick={onCancel}>
            {cancelLabel}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
