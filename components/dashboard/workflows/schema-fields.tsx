"use client";
/**
 * Form fields rendered from a zod object schema: the settings of a step type (STEP_SETTINGS)
 * and the fields of a decision-rule condition. Booleans are checkboxes (an optional boolean is
 * Automatic / Yes / No), numbers and strings inputs, enums selects, enum lists checkboxes
 * (ordered for settings), string lists comma-separated inputs, nested objects fieldsets.
 * Labels and hints come from the schema's `.meta({ title, description })`, else labels.ts.
 * `custom` replaces the field of a key (e.g. the documents step's `fields`).
 */
import { useState } from "react";
import { useController, useFormContext } from "react-hook-form";
import { z } from "zod";
import { Checkbox } from "~/components/ui/checkbox";
import { describedBy, Field } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { ChoiceFieldset, ChoiceList } from "./choice-list";
import { errorAt, formPath, inputId, type WorkflowForm } from "./form";
import { keyHint, keyLabel, valueLabel } from "./labels";

type Input =
  | { kind: "boolean" }
  | { kind: "number"; min?: number; max?: number; int: boolean }
  | { kind: "string"; max?: number }
  | { kind: "enum"; options: string[] }
  | { kind: "enum-list"; options: string[] }
  | { kind: "string-list" }
  | { kind: "object"; fields: SchemaField[] }
  | { kind: "unsupported" };

export interface SchemaField {
  key: string;
  label: string;
  hint?: string;
  optional: boolean;
  input: Input;
}

type AnySchema = z.ZodType & { def: { type: string; innerType?: AnySchema; element?: AnySchema } };

/** Unwraps default / prefault / optional / nullable, collecting `optional` and the first meta found. */
function unwrap(schema: AnySchema): { inner: AnySchema; optional: boolean; meta: { title?: string; description?: string } } {
  let s = schema;
  let optional = false;
  let meta = (s.meta() ?? {}) as { title?: string; description?: string };
  while (["default", "prefault", "optional", "nullable"].includes(s.def.type) && s.def.innerType) {
    if (s.def.type === "optional" || s.def.type === "nullable") optional = true;
    s = s.def.innerType;
    if (!meta.title && !meta.description) meta = (s.meta() ?? {}) as typeof meta;
  }
  return { inner: s, optional, meta };
}

function inputOf(s: AnySchema): Input {
  if (s instanceof z.ZodBoolean) return { kind: "boolean" };
  if (s instanceof z.ZodNumber) return { kind: "number", min: s.minValue ?? undefined, max: s.maxValue ?? undefined, int: s.isInt };
  if (s instanceof z.ZodString) return { kind: "string", max: s.maxLength ?? undefined };
  if (s instanceof z.ZodEnum) return { kind: "enum", options: s.options.map(String) };
  if (s instanceof z.ZodObject) return { kind: "object", fields: schemaFields(s) };
  if (s instanceof z.ZodArray) {
    const element = unwrap(s.element as AnySchema).inner;
    if (element instanceof z.ZodEnum) return { kind: "enum-list", options: element.options.map(String) };
    if (element instanceof z.ZodString) return { kind: "string-list" };
  }
  return { kind: "unsupported" };
}

/** The fields of an object schema (a literal `type` discriminator is skipped). */
export function schemaFields(schema: z.ZodType | undefined): SchemaField[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, AnySchema>)
    .filter(([, s]) => !(s instanceof z.ZodLiteral))
    .map(([key, s]) => {
      const { inner, optional, meta } = unwrap(s);
      return { key, label: meta.title ?? keyLabel(key), hint: meta.description ?? keyHint(key), optional, input: inputOf(inner) };
    });
}

export function SchemaFields({
  fields,
  base,
  ordered = false,
  custom = {},
}: {
  fields: SchemaField[];
  /** Form path of the object, e.g. `steps.2.settings` (empty: the top level). */
  base: string;
  /** Enum lists keep an order (step settings: "offered in this order"). */
  ordered?: boolean;
  custom?: Record<string, (path: string, field: SchemaField) => React.ReactNode>;
}) {
  return (
    <div className="grid gap-x-6 gap-y-5 md:grid-cols-2">
      {fields.map((f) => {
        const path = base ? `${base}.${f.key}` : f.key;
        const wide = f.input.kind === "object" || f.input.kind === "enum-list" || !!custom[f.key];
        return (
          <div key={f.key} className={wide ? "md:col-span-2" : undefined}>
            {custom[f.key]?.(path, f) ?? <SchemaFieldInput field={f} path={path} ordered={ordered} />}
          </div>
        );
      })}
    </div>
  );
}

function SchemaFieldInput({ field: f, path, ordered }: { field: SchemaField; path: string; ordered: boolean }) {
  const { control, formState } = useFormContext<WorkflowForm>();
  const { field } = useController({ control, name: formPath(path) });
  const id = inputId(path);
  const error = errorAt(formState.errors, path);
  const aria = describedBy(id, { hint: f.hint, error });
  const value = field.value as unknown;
  const empty = (v: unknown) => (f.optional && (v === "" || (Array.isArray(v) && v.length === 0)) ? undefined : v);

  switch (f.input.kind) {
    case "object":
      return (
        <fieldset className="rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">{f.label}</legend>
          {f.hint ? <p className="mb-3 text-sm text-slate-500">{f.hint}</p> : null}
          <SchemaFields fields={f.input.fields} base={path} ordered={ordered} />
        </fieldset>
      );
    case "boolean":
      if (f.optional) {
        return (
          <Field id={id} label={f.label} hint={f.hint} error={error}>
            <Select
              id={id}
              value={value === undefined ? "" : String(value)}
              aria-describedby={aria}
              onChange={(e) => field.onChange(e.target.value === "" ? undefined : e.target.value === "true")}
            >
              <option value="">Automatic</option>
              <option value="true">Yes</option>
              <option value="false">No</option>
            </Select>
          </Field>
        );
      }
      return (
        <div>
          <label className="flex items-start gap-2.5 text-sm font-medium text-slate-800">
            <Checkbox id={id} className="mt-0.5 size-4" checked={value === true} aria-describedby={aria} onChange={(e) => field.onChange(e.target.checked)} />
            <span>
              {f.label}
              {f.hint ? (
                <span id={`${id}-hint`} className="mt-0.5 block font-normal text-slate-500">
                  {f.hint}
                </span>
              ) : null}
            </span>
          </label>
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </div>
      );
    case "number": {
      const { min, max, int } = f.input;
      return (
        <Field id={id} label={f.label} hint={f.hint} error={error}>
          <Input
            id={id}
            type="number"
            className="max-w-40"
            min={min}
            max={max}
            step={int ? 1 : min !== undefined && max !== undefined && max <= 1 ? 0.01 : "any"}
            value={typeof value === "number" ? value : ""}
            invalid={!!error}
            aria-describedby={aria}
            onChange={(e) => field.onChange(e.target.value === "" ? undefined : Number(e.target.value))}
            onBlur={field.onBlur}
          />
        </Field>
      );
    }
    case "string":
      return (
        <Field id={id} label={f.label} hint={f.hint} error={error}>
          <Input
            id={id}
            maxLength={f.input.max}
            value={typeof value === "string" ? value : ""}
            invalid={!!error}
            aria-describedby={aria}
            onChange={(e) => field.onChange(empty(e.target.value))}
            onBlur={field.onBlur}
          />
        </Field>
      );
    case "enum":
      return (
        <Field id={id} label={f.label} hint={f.hint} error={error}>
          <Select
            id={id}
            value={typeof value === "string" ? value : ""}
            invalid={!!error}
            aria-describedby={aria}
            onChange={(e) => field.onChange(empty(e.target.value))}
          >
            {f.optional ? <option value="">Not set</option> : null}
            {f.input.options.map((o) => (
              <option key={o} value={o}>
                {valueLabel(o)}
              </option>
            ))}
          </Select>
        </Field>
      );
    case "enum-list":
      return (
        <ChoiceFieldset id={id} legend={f.label} hint={f.hint} error={error}>
          <ChoiceList
            id={id}
            options={f.input.options}
            value={Array.isArray(value) ? (value as string[]) : []}
            ordered={ordered}
            columns={!ordered && f.input.options.length > 4}
            onChange={(next) => field.onChange(empty(next))}
          />
        </ChoiceFieldset>
      );
    case "string-list":
      return (
        <Field id={id} label={f.label} hint={f.hint ?? "Comma-separated."} error={error}>
          <ListInput
            id={id}
            value={Array.isArray(value) ? (value as string[]) : []}
            invalid={!!error}
            describedBy={describedBy(id, { hint: true, error })}
            onChange={(next) => field.onChange(empty(next))}
          />
        </Field>
      );
    default:
      return (
        <Field id={id} label={f.label} hint="This setting is not editable in the builder yet; its value is kept.">
          <pre id={id} className="overflow-x-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs text-slate-700">
            {JSON.stringify(value, null, 2) ?? "not set"}
          </pre>
        </Field>
      );
  }
}

const split = (text: string) =>
  text
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/** A list of strings typed comma-separated; the text is kept while typing and follows outside changes (a reset). */
export function ListInput({
  id,
  value,
  onChange,
  invalid,
  describedBy: aria,
  placeholder,
}: {
  id: string;
  value: readonly string[];
  onChange: (next: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value.join(", "));
  // only an outside change of `value` resyncs the text (adjusted while rendering, not in an effect)
  const [synced, setSynced] = useState(value.join());
  if (synced !== value.join()) {
    setSynced(value.join());
    if (split(text).join() !== value.join()) setText(value.join(", "));
  }
  return (
    <Input
      id={id}
      value={text}
      invalid={invalid}
      placeholder={placeholder}
      aria-describedby={aria}
      onChange={(e) => {
        setText(e.target.value);
        onChange(split(e.target.value));
      }}
    />
  );
}
