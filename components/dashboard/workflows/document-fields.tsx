"use client";
/**
 * The documents step's `document_types` and `fields` (ZDocumentsSettings): document types of
 * the catalog (GET /v1/document-types) as checkboxes; catalog fields of the chosen types as
 * checkboxes; custom fields (or overrides of a catalog key) with key, English and Hindi
 * labels, type, pattern, values, maximum length and required.
 */
import { useController, useFormContext, useWatch } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { describedBy, Field } from "~/components/ui/field";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import type { TDocumentFieldSetting } from "~/server/steps/documents/documents.schemas";
import { ChoiceFieldset, ChoiceList } from "./choice-list";
import { errorAt, formPath, inputId, type WorkflowCatalog, type WorkflowForm } from "./form";
import { ListInput } from "./schema-fields";

type FieldEntry = string | TDocumentFieldSetting;

/** Document types of the catalog as checkboxes (`documents.document_types`, KYB `business_documents` lists). */
export function DocumentTypesField({ path, label, hint, catalog }: { path: string; label: string; hint?: string; catalog: WorkflowCatalog }) {
  const { control, formState } = useFormContext<WorkflowForm>();
  const { field } = useController({ control, name: formPath(path) });
  const id = inputId(path);
  const error = errorAt(formState.errors, path);
  const names = new Map(catalog.documentTypes.map((d) => [d.key, d.name]));
  return (
    <ChoiceFieldset id={id} legend={label} hint={hint} error={error}>
      <ChoiceList
        id={id}
        columns
        options={catalog.documentTypes.map((d) => d.key)}
        value={Array.isArray(field.value) ? (field.value as string[]) : []}
        label={(key) => names.get(key) ?? key}
        onChange={field.onChange}
      />
    </ChoiceFieldset>
  );
}

const NEW_FIELD: TDocumentFieldSetting = { key: "", label: { en: "" }, type: "string", required: true };

/** `fields` of a documents step at `path` (`steps.N.settings.fields`); `typesPath` holds the chosen document types. */
export function DocumentFieldsEditor({ path, typesPath, catalog }: { path: string; typesPath: string; catalog: WorkflowCatalog }) {
  const { control, setValue, formState } = useFormContext<WorkflowForm>();
  const entries = (useWatch({ control, name: formPath(path) }) as FieldEntry[] | undefined) ?? [];
  const types = (useWatch({ control, name: formPath(typesPath) }) as string[] | undefined) ?? [];
  const set = (next: FieldEntry[]) => setValue(formPath(path), next as never, { shouldDirty: true, shouldValidate: formState.isSubmitted });

  // catalog fields of the chosen document types, each once, in catalog order
  const catalogFields = new Map<string, string>();
  for (const d of catalog.documentTypes.filter((t) => types.includes(t.key)))
    for (const f of d.fields) if (!catalogFields.has(f.key)) catalogFields.set(f.key, f.label);
  const customFields = entries.filter((e): e is TDocumentFieldSetting => typeof e !== "string");
  const overridden = new Set(customFields.map((e) => e.key));
  const id = inputId(path);
  const error = errorAt(formState.errors, path);

  return (
    <div className="space-y-4">
      <fieldset aria-describedby={`${id}-hint`}>
        <legend className="text-sm font-medium text-slate-800">Fields from the catalog</legend>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-500">
          Asked when the chosen document type has the field. Choose document types first.
        </p>
        {catalogFields.size === 0 ? (
          <p className="mt-2 text-sm text-slate-500 italic">No document type chosen, so no catalog fields to offer.</p>
        ) : (
          <ul className="mt-1.5 grid gap-x-6 gap-y-1 sm:grid-cols-2">
            {[...catalogFields].map(([key, label]) => (
              <li key={key} className="flex min-h-9 items-center">
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <Checkbox
                    className="size-4"
                    checked={entries.includes(key) || overridden.has(key)}
                    disabled={overridden.has(key)}
                    onChange={(e) => set(e.target.checked ? [...entries, key] : entries.filter((x) => x !== key))}
                  />
                  {label} <span className="font-mono text-xs text-slate-500">{key}</span>
                  {overridden.has(key) ? <span className="text-xs text-slate-500">(overridden below)</span> : null}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>

      <div>
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h4 className="text-sm font-medium text-slate-800">Custom fields</h4>
            <p className="text-sm text-slate-500">Asked for every document type. Use a catalog key to override that field&apos;s label and rules.</p>
          </div>
          <Button variant="secondary" size="sm" onClick={() => set([...entries, { ...NEW_FIELD, label: { en: "" } }])}>
            Add custom field
          </Button>
        </div>
        <ul className="mt-3 space-y-3">
          {entries.map((entry, index) =>
            typeof entry === "string" ? null : (
              <CustomField key={index} path={`${path}.${index}`} entry={entry} onRemove={() => set(entries.filter((_, i) => i !== index))} />
            ),
          )}
        </ul>
        {customFields.length === 0 ? <p className="mt-2 text-sm text-slate-500 italic">No custom fields.</p> : null}
        <FieldError id={`${id}-error`}>{error}</FieldError>
      </div>
    </div>
  );
}

function CustomField({ path, entry, onRemove }: { path: string; entry: TDocumentFieldSetting; onRemove: () => void }) {
  const { control, register, formState } = useFormContext<WorkflowForm>();
  const { field: label } = useController({ control, name: formPath(`${path}.label`) });
  const { field: values } = useController({ control, name: formPath(`${path}.values`) });
  const err = (p: string) => errorAt(formState.errors, `${path}.${p}`);
  const ids = (p: string) => inputId(`${path}.${p}`);
  const current = (label.value as TDocumentFieldSetting["label"]) ?? { en: "" };
  const setLabel = (next: { en: string; hi?: string }) => label.onChange(next.en || next.hi ? { en: next.en, ...(next.hi ? { hi: next.hi } : {}) } : undefined);
  const optional = { setValueAs: (v: string) => (v === "" ? undefined : v) }; // an empty input is "not set"
  const name = entry.key || "new field";

  return (
    <li className="rounded-md border border-slate-200 bg-slate-50/60 p-4" data-testid="custom-field">
      <div className="mb-3 flex items-center justify-between gap-2">
        <p className="font-mono text-sm font-medium text-slate-800">{name}</p>
        <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Remove field ${name}`}>
          Remove
        </Button>
      </div>
      <div className="grid gap-x-4 gap-y-4 md:grid-cols-3">
        <Field id={ids("key")} label="Key" hint="e.g. employee_id" error={err("key")}>
          <Input
            id={ids("key")}
            className="font-mono"
            autoComplete="off"
            invalid={!!err("key")}
            aria-describedby={describedBy(ids("key"), { hint: true, error: err("key") })}
            {...register(formPath(`${path}.key`))}
          />
        </Field>
        <Field id={ids("label.en")} label="Label (English)" error={err("label.en") ?? err("label")}>
          <Input
            id={ids("label.en")}
            value={current.en}
            invalid={!!err("label.en")}
            aria-describedby={describedBy(ids("label.en"), { error: err("label.en") })}
            onChange={(e) => setLabel({ ...current, en: e.target.value })}
          />
        </Field>
        <Field id={ids("label.hi")} label="Label (Hindi)" error={err("label.hi")}>
          <Input
            id={ids("label.hi")}
            lang="hi"
            value={current.hi ?? ""}
            invalid={!!err("label.hi")}
            aria-describedby={describedBy(ids("label.hi"), { error: err("label.hi") })}
            onChange={(e) => setLabel({ ...current, hi: e.target.value })}
          />
        </Field>
        <Field id={ids("type")} label="Type" error={err("type")}>
          <Select id={ids("type")} {...register(formPath(`${path}.type`))}>
            <option value="string">Text</option>
            <option value="date">Date</option>
            <option value="enum">One of a list</option>
          </Select>
        </Field>
        {entry.type === "enum" ? (
          <Field id={ids("values")} label="Values" hint="Comma-separated." error={err("values")}>
            <ListInput
              id={ids("values")}
              value={(values.value as string[] | undefined) ?? []}
              invalid={!!err("values")}
              describedBy={describedBy(ids("values"), { hint: true, error: err("values") })}
              onChange={(next) => values.onChange(next.length ? next : undefined)}
            />
          </Field>
        ) : (
          <Field id={ids("pattern")} label="Pattern (optional)" hint="A regular expression, e.g. ^E[0-9]{5}$" error={err("pattern")}>
            <Input
              id={ids("pattern")}
              className="font-mono"
              invalid={!!err("pattern")}
              aria-describedby={describedBy(ids("pattern"), { hint: true, error: err("pattern") })}
              {...register(formPath(`${path}.pattern`), optional)}
            />
          </Field>
        )}
        <Field id={ids("max_length")} label="Maximum length (optional)" error={err("max_length")}>
          <Input
            id={ids("max_length")}
            type="number"
            min={1}
            max={1000}
            invalid={!!err("max_length")}
            aria-describedby={describedBy(ids("max_length"), { error: err("max_length") })}
            {...register(formPath(`${path}.max_length`), { setValueAs: (v: string) => (v === "" || v === undefined ? undefined : Number(v)) })}
          />
        </Field>
      </div>
      <label className="mt-4 flex items-center gap-2 text-sm text-slate-800">
        <Checkbox id={ids("required")} className="size-4" {...register(formPath(`${path}.required`))} />
        Required
      </label>
    </li>
  );
}
