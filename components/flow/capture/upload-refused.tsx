"use client";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { MessageScreen } from "../flow-shell";

/**
 * A refused upload, as its own screen: what happened in words the applicant understands
 * (security check, file type, size, damaged file, scanner down, network) and one way forward.
 */
export function UploadRefused({ code, onRetry, retryLabel }: { code: string; onRetry: () => void; retryLabel?: string }) {
  const t = useTranslations("documents");
  const te = useTranslations("errors");
  const body =
    code === "file_infected"
      ? t("refusedInfected")
      : code === "file_type_not_allowed"
        ? t("refusedType")
        : code === "file_too_large"
          ? t("refusedTooLarge")
          : code === "file_unreadable"
            ? t("refusedUnreadable")
            : code === "scanner_unavailable"
              ? t("refusedScanner")
              : code === "network"
                ? te("network")
                : te("generic");
  return (
    <div data-testid="upload-refused" data-code={code}>
      <MessageScreen
        tone="warning"
        title={t("refusedTitle")}
        actions={
          <Button size="lg" block onClick={onRetry} data-testid="upload-retry">
            {retryLabel ?? t("tryAgain")}
          </Button>
        }
      >
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
