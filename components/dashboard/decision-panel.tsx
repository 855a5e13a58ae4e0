"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { cn, focusRing } from "~/components/ui/cn";
import { describedBy, Field } from "~/components/ui/field";
import { FieldError, FormError } from "~/components/ui/field-error";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { ZDecisionRequest } from "~/server/sessions/session.schemas";
import { stepTitle } from "./case-steps";
import { Modal } from "./modal";
import { useShortcuts } from "./review/shortcuts";
import { DECISION_LABELS } from "./status-badge";
import type { SessionCase } from "./types";
import { useWorkspace } from "./workspace";

type DecisionForm = z.input<typeof ZDecisionRequest>;
type Outcome = DecisionForm["outcome"];

const NOTE_MAX = 2000;

const OUTCOMES: { value: Outcome; label: string; key: string; selected: string; dot: string }[] = [
  { value: "approved", label: "Approve", key: "A", selected: "border-emerald-600 bg-emerald-50 text-emerald-900", dot: "bg-emerald-500" },
  { value: "declined", label: "Decline", key: "D", selected: "border-red-600 bg-red-50 text-red-900", dot: "bg-red-500" },
  {
    value: "resubmission_requested",
    label: "Request resubmission",
    key: "R",
    selected: "border-orange-500 bg-orange-50 text-orange-900",
    dot: "bg-orange-500",
  },
];

/** Friendly text per field: the schema (ZDecisionRequest) decides *whether* a value is wrong. */
const FIELD_MESSAGES = {
  outcome: "Choose an outcome.",
  reason_code: "Choose a reason code.",
  note: `The note can be at most ${NOTE_MAX} characters.`,
  steps: "Choose at least one step to redo.",
} as const;

/**
 * The reviewer's decision: open for sessions in `review`. For `approved` / `declined`,
 * "Override decision" opens the same form, and submitting it asks for a confirmation that
 * names the current and the new decision (the server refuses an override without it).
 * Keyboard: a / d / r pick the outcome (never while typing).
 */
export function DecisionPanel({ data }: { data: SessionCase }) {
  const { session } = data;
  const [overriding, setOverriding] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const ws = useWorkspace();

  const inReview = session.status === "review";
  const overridable = session.status === "approved" || session.status === "declined";
  const open = inReview || (overridable && overriding);

  return (
    <Card aria-labelledby="decision-title" data-testid="decision-panel">
      <CardHeader
        titleId="decision-title"
        title={!inReview && overriding ? "Override decision" : "Decision"}
        description={ws.canDecide ? undefined : `Your role (${ws.role}) can view but not decide.`}
      />
      <CardBody>
        {saved ? (
          <p role="status" className="mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            {saved}
          </p>
        ) : null}
        {open ? (
          <DecisionForm
            data={data}
            override={!inReview}
            onCancel={overriding ? () => setOverriding(false) : undefined}
            onDecided={(outcome) => {
              setOverriding(false);
              setSaved(`Decision saved: ${DECISION_LABELS[outcome] ?? outcome}.`);
            }}
          />
        ) : overridable ? (
          <div className="space-y-3 text-sm text-slate-600">
            <p>
              Decided: <span className="font-medium text-slate-900">{DECISION_LABELS[session.decision ?? ""] ?? session.status}</span>
              {session.decision_source ? ` (${session.decision_source})` : null}.
            </p>
            <Button
              variant="secondary"
              size="sm"
              disabled={!ws.canDecide}
              onClick={() => {
                setSaved(null);
                setOverriding(true);
              }}
            >
              Override decision
            </Button>
          </div>
        ) : (
          <p className="text-sm text-slate-600">
            {session.status === "resubmission_requested"
              ? "Waiting for the applicant to resubmit. You can decide once the session is back in review."
              : session.status === "expired" || session.status === "cancelled"
                ? `This session is ${session.status}; it cannot be decided.`
                : "The applicant has not finished yet. You can decide once the session is in review."}
          </p>
        )}
      </CardBody>
    </Card>
  );
}

function DecisionForm({
  data,
  override,
  onCancel,
  onDecided,
}: {
  data: SessionCase;
  override: boolean;
  onCancel?: () => void;
  onDecided: (outcome: string) => void;
}) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { session, steps } = data;
  const reasonCodes = useQuery({ ...trpc.review.reasonCodes.queryOptions({ projectId: ws.project.id, mode: ws.mode }), staleTime: Infinity });
  const defaultRedo = steps.filter((s) => s.status === "failed" || s.status === "needs_review").map((s) => s.name);

  const form = useForm<DecisionForm>({
    resolver: zodResolver(ZDecisionRequest),
    defaultValues: { reason_code: "", note: "", steps: undefined },
    shouldFocusError: false,
  });
  const { register, handleSubmit, setValue, formState, setError, control, reset } = form;
  const { errors } = formState;
  const outcome = useWatch({ control, name: "outcome" });
  const note = useWatch({ control, name: "note" }) ?? "";
  const reasonCode = useWatch({ control, name: "reason_code" });
  // what the hosted flow will tell the applicant (declines and resubmissions), from the project's reason codes
  const told = outcome !== "approved" ? (reasonCodes.data ?? []).find((r) => r.code === reasonCode)?.applicant?.en : undefined;
  const [formError, setFormError] = useState<string | null>(null);
  const rootRef = useRef<HTMLFormElement>(null);
  const reasonRef = useRef<HTMLSelectElement | null>(null);
  const outcomeRef = useRef<HTMLButtonElement>(null);

  const decide = useMutation(
    trpc.review.decide.mutationOptions({
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.sessions.pathKey() }),
    }),
  );

  function pick(value: Outcome) {
    setValue("outcome", value, { shouldValidate: formState.isSubmitted, shouldDirty: true });
    if (value === "resubmission_requested" && !form.getValues("steps")) setValue("steps", defaultRedo.length ? defaultRedo : undefined);
    if (value !== "resubmission_requested") setValue("steps", undefined);
    rootRef.current?.scrollIntoView({ block: "nearest", behavior: "smooth" });
    reasonRef.current?.focus();
  }

  // a, d, r: the keys OUTCOMES shows
  const shortcuts: Record<string, () => void> = {};
  for (const o of OUTCOMES) shortcuts[o.key.toLowerCase()] = () => pick(o.value);
  useShortcuts(shortcuts, ws.canDecide);

  // focus the first invalid field ourselves: the outcome is a group of buttons, not an input
  const onInvalid = (errs: typeof errors) => {
    if (errs.outcome) outcomeRef.current?.focus();
    else if (errs.steps) rootRef.current?.querySelector<HTMLInputElement>("#steps-group input")?.focus();
    else if (errs.reason_code) reasonRef.current?.focus();
    else if (errs.note) rootRef.current?.querySelector<HTMLTextAreaElement>("#note")?.focus();
  };

  async function send(values: DecisionForm) {
    setFormError(null);
    try {
      const result = await decide.mutateAsync({
        projectId: ws.project.id,
        mode: ws.mode,
        id: session.id,
        outcome: values.outcome,
        reason_code: values.reason_code,
        note: values.note?.trim() || undefined,
        steps: values.outcome === "resubmission_requested" && values.steps?.length ? values.steps : undefined,
        override,
      });
      setConfirm(null);
      reset();
      onDecided(result.outcome);
    } catch (err) {
      setConfirm(null);
      const info = clientErrorInfo(err);
      if (info.code === "FORBIDDEN") setFormError(`Your role (${ws.role}) cannot decide sessions. Ask an owner, admin or reviewer of ${ws.organization.name}.`);
      else if (info.domainCode === "override_not_confirmed")
        setFormError(`Someone decided this session in the meantime: ${info.message} The page now shows the current decision.`);
      else if (info.domainCode === "session_not_decidable")
        setFormError("This session can no longer be decided: its status changed in the meantime. The page now shows its current status.");
      else if (info.param === "steps") setError("steps", { type: "server", message: info.message }, { shouldFocus: true });
      else if (info.param === "note" || info.param === "reason_code") setError(info.param, { type: "server", message: info.message }, { shouldFocus: true });
      else if (info.code === null) setFormError("Could not reach the server. Check your connection and try again.");
      else setFormError(info.message || "Something went wrong. Please try again.");
    }
  }

  // an override is sent only after the dialog naming the current and the new decision
  const [confirm, setConfirm] = useState<DecisionForm | null>(null);
  // handleSubmit is called on submit, not while rendering (onInvalid reads refs)
  const onSubmit = (e: React.FormEvent<HTMLFormElement>) => handleSubmit((values) => (override ? setConfirm(values) : send(values)), onInvalid)(e);
  const current = DECISION_LABELS[session.decision ?? ""] ?? session.status;

  const disabled = !ws.canDecide;
  const fieldMessage = (name: keyof typeof FIELD_MESSAGES) =>
    errors[name] ? (errors[name]?.type === "server" ? errors[name]?.message : FIELD_MESSAGES[name]) : undefined;
  const outcomeError = fieldMessage("outcome");
  const reasonError = fieldMessage("reason_code");
  const noteError = fieldMessage("note");
  const stepsError = fieldMessage("steps");

  return (
    <form ref={rootRef} onSubmit={onSubmit} noValidate className="space-y-4" aria-describedby={override ? "override-note" : undefined}>
      {override ? (
        <p id="override-note" className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-xs text-amber-900">
          You are overriding a {session.decision_source ?? ""} decision ({session.status}).
        </p>
      ) : null}
      <div>
        <p id="outcome-label" className="text-sm font-medium text-slate-800">
          Outcome
        </p>
        <div role="group" aria-labelledby="outcome-label" aria-describedby={outcomeError ? "outcome-error" : undefined} className="mt-1.5 grid gap-2">
          {OUTCOMES.map((o, i) => {
            const selected = outcome === o.value;
            return (
              <button
                key={o.value}
                type="button"
                ref={i === 0 ? outcomeRef : undefined}
                aria-pressed={selected}
                aria-keyshortcuts={o.key.toLowerCase()}
                disabled={disabled}
                onClick={() => pick(o.value)}
                className={cn(
                  "flex h-10 items-center gap-2.5 rounded-md border px-3 text-left text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-60",
                  focusRing,
                  selected ? o.selected : "border-slate-300 text-slate-700 hover:bg-slate-50",
                )}
              >
                <span aria-hidden="true" className={cn("size-2 rounded-full", selected ? o.dot : "bg-slate-300")} />
                <span className="flex-1">{o.label}</span>
                <kbd aria-hidden="true" className="rounded border border-slate-300 bg-white px-1.5 font-mono text-[11px] text-slate-500">
                  {o.key}
                </kbd>
              </button>
            );
          })}
        </div>
        <FieldError id="outcome-error">{outcomeError}</FieldError>
      </div>

      {outcome === "resubmission_requested" ? (
        <fieldset disabled={disabled} aria-describedby={stepsError ? "steps-error" : "steps-hint"}>
          <legend className="text-sm font-medium text-slate-800">Steps to redo</legend>
          <p id="steps-hint" className="text-xs text-slate-500">
            None picked: the steps whose checks failed.
          </p>
          <Controller
            control={control}
            name="steps"
            render={({ field }) => (
              <div id="steps-group" className="mt-1.5 space-y-1">
                {steps.map((s) => {
                  const checked = field.value?.includes(s.name) ?? false;
                  return (
                    <label key={s.name} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm text-slate-700">
                      <Checkbox
                        checked={checked}
                        onChange={(e) => {
                          const next = e.target.checked ? [...(field.value ?? []), s.name] : (field.value ?? []).filter((n) => n !== s.name);
                          field.onChange(next.length ? next : undefined);
                        }}
                      />
                      <span>{stepTitle(s)}</span>
                      <span className="text-xs text-slate-500">({s.status})</span>
                    </label>
                  );
                })}
              </div>
            )}
          />
          <FieldError id="steps-error">{stepsError}</FieldError>
        </fieldset>
      ) : null}

      <Field id="reason_code" label="Reason code" hint={told ? `The applicant is told: “${told}”` : undefined} error={reasonError}>
        {(() => {
          const reg = register("reason_code");
          return (
            <Select
              {...reg}
              ref={(el) => {
                reg.ref(el);
                reasonRef.current = el;
              }}
              id="reason_code"
              disabled={disabled}
              invalid={!!reasonError}
              aria-describedby={describedBy("reason_code", { hint: !!told, error: reasonError })}
            >
              <option value="">{reasonCodes.isPending ? "Loading…" : "Choose a reason…"}</option>
              {(reasonCodes.data ?? []).map((r) => (
                <option key={r.code} value={r.code}>
                  {r.label}
                </option>
              ))}
            </Select>
          );
        })()}
      </Field>

      <Field id="note" label="Note (optional)" hint="For your team and your backend (API, audit log); never shown to the applicant." error={noteError}>
        <Textarea
          {...register("note")}
          id="note"
          rows={3}
          disabled={disabled}
          invalid={!!noteError}
          aria-describedby={describedBy("note", { hint: true, error: noteError })}
        />
        <p className={cn("mt-1 text-right text-xs", note.length > NOTE_MAX ? "text-red-700" : "text-slate-500")}>
          {note.length} / {NOTE_MAX}
        </p>
      </Field>

      <FormError>{formError}</FormError>
      <div className="flex gap-2">
        <Button
          type="submit"
          block={!onCancel}
          className={onCancel ? "flex-1" : undefined}
          disabled={disabled}
          loading={decide.isPending}
          variant={outcome === "approved" ? "success" : outcome === "declined" ? "danger" : outcome === "resubmission_requested" ? "warning" : "primary"}
        >
          Submit decision
        </Button>
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </div>
      {ws.canDecide ? (
        <p className="text-xs text-slate-500">
          Shortcuts: <kbd className="font-mono">a</kbd> approve · <kbd className="font-mono">d</kbd> decline · <kbd className="font-mono">r</kbd> resubmission
        </p>
      ) : null}
      <Modal
        open={confirm !== null}
        onClose={() => setConfirm(null)}
        size="sm"
        title="Override the final decision?"
        description={
          confirm ? (
            <span data-testid="override-confirm">
              {session.id} is <strong>{current}</strong>
              {session.decision_source ? ` (${session.decision_source})` : ""}. It will become{" "}
              <strong>{DECISION_LABELS[confirm.outcome] ?? confirm.outcome}</strong> and the integrator gets a webhook. Both decisions stay in the history and
              the audit log.
            </span>
          ) : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button variant="warning" loading={decide.isPending} onClick={() => confirm && void send(confirm)} autoFocus>
              Override: {current} → {confirm ? (DECISION_LABELS[confirm.outcome] ?? confirm.outcome) : ""}
            </Button>
          </>
        }
      />
    </form>
  );
}
