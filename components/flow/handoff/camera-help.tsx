"use client";
/**
 * What to do when the camera is denied or missing (issue 18): the steps for Android and iOS
 * browsers and for in-app browsers (the applicant's own platform first and open), then the
 * fallbacks the step allows (`children`, e.g. "upload a photo" where the workflow permits it)
 * and "continue on your phone / another device".
 */
import { useTranslations } from "use-intl";
import { type Platform, useHandoffSession, usePlatform } from "./device";
import { HandoffOffer } from "./handoff-offer";

const ORDER: readonly Exclude<Platform, "other">[] = ["android", "ios", "in_app", "desktop"];

export function CameraHelp({ children }: { children?: React.ReactNode }) {
  const t = useTranslations("cameraHelp");
  const platform = usePlatform();
  const sessionId = useHandoffSession();
  const first = platform === "other" ? null : platform;
  const platforms = first ? [first, ...ORDER.filter((p) => p !== first)] : ORDER;
  const copy = {
    android: [t("android"), t("androidSteps")],
    ios: [t("ios"), t("iosSteps")],
    in_app: [t("inApp"), t("inAppSteps")],
    desktop: [t("desktop"), t("desktopSteps")],
  } as const;
  return (
    <div className="mt-2 text-left" data-testid="camera-help" data-platform={platform}>
      <h2 className="text-base font-semibold text-slate-900">{t("title")}</h2>
      <div className="mt-2 space-y-2">
        {platforms.map((p) => (
          <details key={p} open={p === first} className="rounded-lg border border-slate-200 px-4 py-2" data-platform={p}>
            <summary className="flex min-h-11 cursor-pointer items-center text-sm font-medium text-slate-900">{copy[p][0]}</summary>
            <p className="pb-2 text-sm text-slate-700">{copy[p][1]}</p>
          </details>
        ))}
      </div>
      {children || sessionId ? (
        <>
          <h2 className="mt-6 text-base font-semibold text-slate-900">{t("otherOptions")}</h2>
          <div className="mt-3 flex flex-col gap-3">
            {children}
            {sessionId ? <HandoffOffer sessionId={sessionId} /> : null}
          </div>
        </>
      ) : null}
    </div>
  );
}
