"use client";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { MessageScreen } from "../flow-shell";
import { uploadRefusal } from "./upload-refusal";

/**
 * A refused upload, as its own screen: what happened in words the applicant understands
 * (security check, file type, size, damaged file, scanner down or not set up, network) and the
 * way forward that fits the cause (./upload-refusal.ts, issue 17):
 * - the file's fault (infected, type, size, damaged): `onRetry`, choose another file (`retryLabel`,
 *   default "Upload a different file");
 * - a passing outage (scanner down, network): "Try again" with `onRetrySame` (the same file) when
 *   given, else `onRetry`; choosing another file stays as the second action;
 * - no scanner configured: nothing the applicant can do now; the one action goes back (`onRetry`).
 */
export function UploadRefused({
  code,
  onRetry,
  retryLabel,
  onRetrySame,
}: {
  code: string;
  onRetry: () => void;
  retryLabel?: string;
  onRetrySame?: () => void;
}) {
  const t = useTranslations("documents");
  const te = useTranslations("errors");
  const { message, cause } = uploadRefusal(code);
  const body = message.ns === "documents" ? t(message.key) : te(message.key);
  const chooseAnother = (
    <Button size="lg" block variant={cause === "transient" ? "secondary" : "primary"} onClick={onRetry} data-testid="upload-retry">
      {retryLabel ?? t("tryAgain")}
    </Button>
  );
  const actions =
    cause === "not_configured" ? (
      <Button size="lg" block onClick={onRetry} data-testid="upload-back">
        {t("refusedBack")}
      </Button>
    ) : cause === "transient" ? (
      <div className="flex w-full flex-col gap-3">
        <Button size="lg" block onClick={onRetrySame ?? onRetry} data-testid="upload-retry-same">
          {t("retryLater")}
        </Button>
        {onRetrySame ? chooseAnother : null}
      </div>
    ) : (
      chooseAnother
    );
  return (
    <div data-testid="upload-refused" data-code={code}>
      <MessageScreen tone="warning" title={t("refusedTitle")} actions={actions}>
        <p>{body}</p>
      </MessageScreen>
    </div>
  );
}

/** A thin progress bar with its percentage for screen readers. */
export function UploadProgress({ percent }: { percent: number }) {
  const t = useTranslations("documents");
  return (
    <div className="mt-4" data-testid="upload-progress">
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label={t("uploading", { percent })}
      >
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-1.5 text-sm text-slate-600">{t("uploading", { percent })}</p>
    </div>
  );
}
