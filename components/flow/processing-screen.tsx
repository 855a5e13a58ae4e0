"use client";
import { useEffect, useState } from "react";
import { MessageScreen } from "./flow-shell";
import type { Messages } from "./i18n";

const SLOW_AFTER_MS = 45_000;

/** "Verifying…" while the checks run; the parent polls the flow state. */
export function ProcessingScreen({ t, organizationName }: { t: Messages; organizationName: string }) {
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return (
    <div role="status" aria-live="polite">
      <MessageScreen tone="progress" title={t.processingTitle} testId="flow-processing">
        <p>{slow ? t.processingSlow(organizationName) : t.processingBody}</p>
      </MessageScreen>
    </div>
  );
}
