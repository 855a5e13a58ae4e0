"use client";
import { MessageScreen } from "../flow-shell";
import type { StepProps } from "../flow-types";

/** A step type the hosted flow cannot render yet: say so honestly instead of a blank page. */
export function UnsupportedStep({ state, step, t }: StepProps) {
  return (
    <MessageScreen tone="neutral" title={t.unsupportedTitle} testId="flow-step-unsupported" status={step.type}>
      <p>{t.unsupportedBody(state.session.organizationName)}</p>
    </MessageScreen>
  );
}
