"use client";
import { useEffect, useState } from "react";
import { useTranslations } from "use-intl";
import { MessageScreen } from "./flow-shell";

const SLOW_AFTER_MS = 45_000;

/** "Verifying…" while the checks run; the parent polls the flow state. */
export function ProcessingScreen({ organizationName }: { organizationName: string }) {
  const t = useTranslations("outcome");
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div role="status" aria-live="polite">
      <MessageScreen tone="progress" title={t("processingTitle")} testId="flow-processing">
        <p>{slow ? t("processingSlow", { org: organizationName }) : t("processingBody")}</p>
      </MessageScreen>
    </div>
  );
}
