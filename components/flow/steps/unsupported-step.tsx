"use client";
import { useTranslations } from "use-intl";
import { MessageScreen } from "../flow-shell";
import type { StepProps } from "../flow-types";

/** A step type the hosted flow cannot render yet: say so honestly instead of a blank page. */
export function UnsupportedStep({ state, step }: StepProps) {
  const t = useTranslations("outcome");
  return (
    <MessageScreen tone="neutral" title={t("unsupportedTitle")} testId="flow-step-unsupported" status={step.type}>
      <p>{t("unsupportedBody", { org: state.session.organizationName })}</p>
    </MessageScreen>
  );
}
