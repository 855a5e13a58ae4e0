"use client";
/**
 * The Steps tab: the workflow's ordered steps (useFieldArray over `steps`). Add a step from the
 * step-type catalog, rename it, make it optional, move it up or down, remove it, and edit its
 * settings: the documents step has its own fields editor, every other type is rendered from its
 * settings schema (server/steps/step-types.ts STEP_SETTINGS), and a type without settings says so.
 */
import { useState } from "react";
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { STEP_SETTINGS, type TStepType } from "~/server/steps/step-types";
import { newStep } from "~/server/workflows/workflow-templates";
import { Modal } from "../modal";
import { DocumentFieldsEditor, DocumentTypesField } from "./document-fields";
import { errorAt, inputId, type WorkflowCatalog, type WorkflowForm } from "./form";
import { MoveButtons } from "./move-buttons";
import { SchemaFields, schemaFields } from "./schema-fields";

/** `type`, or `type_2`, `type_3`... : the first name no step has. */
function freeName(type: string, taken: readonly string[]): string {
  if (!taken.includes(type)) return type;
  for (let n = 2; ; n++) if (!taken.includes(`${type}_${n}`)) return `${type}_${n}`;
}

export function StepsEditor({ catalog, kind, editable }: { catalog: WorkflowCatalog; kind: "kyc" | "kyb"; editable: boolean }) {
  const { control, formState } = useFormContext<WorkflowForm>();
  const steps = useFieldArray({ control, name: "steps" });
  const names = (useWatch({ control, name: "steps" }) ?? []).map((s) => s.name);
  const [adding, setAdding] = useState(false);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">The applicant goes through the steps in this order. Optional steps can be skipped.</p>
        {editable ? (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add step
          </Button>
        ) : null}
      </div>
      <FormError>{errorAt(formState.errors, "steps")}</FormError>
      {steps.fields.length === 0 ? (
        <Card className="px-6 py-10 text-center">
          <p className="text-sm font-medium text-slate-900">No steps yet</p>
          <p className="mt-1 text-sm text-slate-500">A workflow needs at least one step; most start with consent.</p>
        </Card>
      ) : (
        <ol className="space-y-4">
          {steps.fields.map((field, index) => (
            <StepCard
              key={field.id}
              index={index}
              idPrefix={`step-${field.id}`}
              count={steps.fields.length}
              catalog={catalog}
              editable={editable}
              onMove={(from, to) => steps.move(from, to)}
              onRemove={() => steps.remove(index)}
            />
          ))}
        </ol>
      )}
      <AddStepDialog
        open={adding}
        kind={kind}
        catalog={catalog}
        onClose={() => setAdding(false)}
        onAdd={(type) => {
          steps.append(newStep(type, freeName(type, names)));
          setAdding(false);
        }}
      />
    </div>
  );
}

function StepCard({
  index,
  idPrefix,
  count,
  catalog,
  editable,
  onMove,
  onRemove,
}: {
  index: number;
  idPrefix: string;
  count: number;
  catalog: WorkflowCatalog;
  editable: boolean;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}) {
  const { control, register, formState } = useFormContext<WorkflowForm>();
  const step = useWatch({ control, name: `steps.${index}` });
  const base = `steps.${index}`;
  const nameId = inputId(`${base}.name`);
  const nameError = errorAt(formState.errors, `${base}.name`);
  const settingsError = errorAt(formState.errors, `${base}.settings`);
  if (!step) return null; // removed, before the field array re-renders
  const info = catalog.stepTypes.find((t) => t.type === step.type);

  return (
    <li>
      <Card data-testid="step-card" data-step-name={step.name} aria-labelledby={`${idPrefix}-title`}>
        <header className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-5 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-700">{index + 1}</span>
            <div className="min-w-0">
              <h2 id={`${idPrefix}-title`} className="flex items-center gap-2 text-sm font-semibold text-slate-900">
                <span className="font-mono">{step.name || "unnamed"}</span>
                <Badge tone="gray">{info?.label ?? step.type}</Badge>
                {step.required === false ? <Badge tone="amber">Optional</Badge> : null}
              </h2>
              {info ? <p className="truncate text-xs text-slate-500">{info.description}</p> : null}
            </div>
          </div>
          {editable ? (
            <div className="flex items-center gap-1">
              <MoveButtons name={`step ${step.name}`} index={index} count={count} onMove={onMove} idPrefix={idPrefix} />
              <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove step ${step.name}`}>
                Remove
              </Button>
            </div>
          ) : null}
        </header>
        <div className="space-y-5 px-5 py-4">
          <div className="flex flex-wrap items-start gap-x-8 gap-y-4">
            <Field
              id={nameId}
              label="Step name"
              hint="Lower-case letters, digits and _; the key of session.steps."
              error={nameError}
              className="w-full max-w-xs"
            >
              <Input
                id={nameId}
                className="font-mono"
                autoComplete="off"
                invalid={!!nameError}
                aria-describedby={describedBy(nameId, { hint: true, error: nameError })}
                {...register(`steps.${index}.name`)}
              />
            </Field>
            <label className="mt-7 flex items-center gap-2 text-sm text-slate-800">
              <Checkbox className="size-4" {...register(`steps.${index}.required`)} />
              Required
            </label>
          </div>
          <StepSettings type={step.type} base={`${base}.settings`} catalog={catalog} />
          <FormError>{settingsError}</FormError>
        </div>
      </Card>
    </li>
  );
}

function StepSettings({ type, base, catalog }: { type: TStepType; base: string; catalog: WorkflowCatalog }) {
  const fields = schemaFields(STEP_SETTINGS[type]);
  if (fields.length === 0) {
    return (
      <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600" data-testid="no-settings">
        {STEP_SETTINGS[type] ? "This step type has no settings." : "Settings for this step type are not available in the builder yet."}
      </p>
    );
  }
  const documentTypes = (path: string, f: { label: string; hint?: string }) => (
    <DocumentTypesField path={path} label={f.label} hint={f.hint} catalog={catalog} />
  );
  return (
    // a group, not a landmark: every step card has one (axe landmark-unique)
    <div role="group" aria-labelledby={`${base}-settings`}>
      <h3 id={`${base}-settings`} className="mb-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        Settings
      </h3>
      <SchemaFields
        fields={fields}
        base={base}
        ordered
        custom={{
          document_types: documentTypes,
          optional_types: documentTypes,
          ...(type === "documents"
            ? { fields: (path: string) => <DocumentFieldsEditor path={path} typesPath={`${base}.document_types`} catalog={catalog} /> }
            : {}),
        }}
      />
    </div>
  );
}

function AddStepDialog({
  open,
  kind,
  catalog,
  onClose,
  onAdd,
}: {
  open: boolean;
  kind: "kyc" | "kyb";
  catalog: WorkflowCatalog;
  onClose: () => void;
  onAdd: (type: TStepType) => void;
}) {
  const types = catalog.stepTypes.filter((t) => t.for.includes(kind));
  const [choice, setChoice] = useState<TStepType | null>(null);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title="Add a step"
      description={`Step types for ${kind === "kyc" ? "individuals (KYC)" : "businesses (KYB)"}. The step is added at the end; move it where it belongs.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!choice} onClick={() => choice && (onAdd(choice), setChoice(null))}>
            Add step
          </Button>
        </>
      }
    >
      <fieldset>
        <legend className="sr-only">Step type</legend>
        <div className="max-h-[55vh] space-y-2 overflow-y-auto pr-1">
          {types.map((t) => (
            <label
              key={t.type}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 px-3 py-2.5 hover:bg-slate-50 has-checked:border-brand-600 has-checked:bg-brand-50"
            >
              <input
                type="radio"
                name="step-type"
                value={t.type}
                className="mt-1 size-4 accent-brand-600"
                checked={choice === t.type}
                onChange={() => setChoice(t.type)}
              />
              <span>
                <span className="block text-sm font-medium text-slate-900">{t.label}</span>
                <span className="block text-sm text-slate-600">{t.description}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
    </Modal>
  );
}
