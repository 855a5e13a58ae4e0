"use client";
/**
 * The screen of a device that is no longer the active one (another device opened the handoff
 * link, or took the flow back): the live progress of the steps, polled by flow-app.tsx, and
 * "continue on this device instead". The server refuses this device's input meanwhile
 * (`device_not_active`), so two tabs never submit concurrently.
 */
import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { useTRPC } from "~/components/trpc/react";
import { MessageScreen } from "../flow-shell";
import type { FlowState } from "../flow-types";
import { useRefreshFlowState } from "../use-submit-step";

export function OtherDeviceScreen({ sessionId, state }: { sessionId: string; state: FlowState }) {
  const t = useTranslations("handoff");
  const all = useTranslations();
  /** A step's screen title where the flow has one (`<type>.title`), else its name. */
  const title = (s: FlowState["steps"][number]) => {
    const key = `${s.type}.title` as "pan.title";
    return all.has(key) ? all(key) : s.name.replace(/_/g, " ");
  };
  const trpc = useTRPC();
  const refresh = useRefreshFlowState(sessionId);
  const takeOver = useMutation(trpc.flow.takeOver.mutationOptions({ onSuccess: refresh }));
  const done = state.steps.filter((s) => s.status !== "pending" && s.status !== "in_progress").length;
  return (
    <div data-testid="flow-other-device">
      <MessageScreen
        tone="progress"
        title={t("elsewhereTitle")}
        actions={
          <>
            <Button
              variant="secondary"
              size="lg"
              block
              loading={takeOver.isPending}
              onClick={() => takeOver.mutate({ sessionId })}
              data-testid="flow-take-over"
            >
              {t("continueHere")}
            </Button>
            <p className="text-sm text-slate-600">{t("continueHereNote")}</p>
          </>
        }
      >
        <p>{t("elsewhereBody")}</p>
      </MessageScreen>
      <h2 className="sr-only">{t("progressLabel")}</h2>
      <ol className="mx-auto max-w-sm space-y-2" aria-live="polite" data-testid="flow-other-device-progress" data-done={done}>
        {state.steps.map((s) => {
          const status = s.name === state.currentStep ? "current" : s.status === "pending" || s.status === "in_progress" ? "todo" : "done";
          return (
            <li key={s.name} className="flex items-center justify-between gap-3 rounded-lg border border-slate-200 px-4 py-2.5 text-sm" data-status={status}>
              <span className="font-medium text-slate-900">{title(s)}</span>
              <span className={status === "done" ? "text-emerald-700" : status === "current" ? "text-brand-700" : "text-slate-600"}>
                {status === "done" ? `✓ ${t("stepDone")}` : status === "current" ? t("stepCurrent") : t("stepTodo")}
              </span>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
