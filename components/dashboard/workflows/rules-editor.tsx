"use client";
/**
 * The Decision rules tab (ZDecisionRules, applied by server/sessions/evaluate-decision.ts): a
 * list of rules, each a name, a description, a condition (its type picks the fields, rendered
 * from that condition's schema; a check key is chosen from the check catalog) and an outcome;
 * plus the outcome when no rule matches.
 */
import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Select, type SelectProps } from "~/components/ui/select";
import { ZRuleCondition, type TDecisionRule, type TRuleCondition } from "~/server/workflows/workflow.schemas";
import { errorAt, formPath, inputId, type WorkflowCatalog, type WorkflowForm } from "./form";
import { conditionLabel, OUTCOMES } from "./labels";
import { SchemaFields, schemaFields } from "./schema-fields";

/** The condition schemas of the rule format, by `type`. */
const CONDITIONS = ZRuleCondition.out.options.map((schema) => ({ type: String(schema.shape.type.value), schema }));

/** A new condition of `type` that is valid where a sensible default exists (a check: failed; related sessions: declined). */
function startCondition(type: string, catalog: WorkflowCatalog): TRuleCondition {
  if (type === "check") return { type, check: catalog.checks[0]?.key ?? "in.pan.verify", status: ["failed"] };
  if (type === "names_differ") return { type, below: 0.8 };
  if (type === "related_sessions") return { type, status: ["declined"] } as TRuleCondition;
  return { type } as TRuleCondition;
}

/** A select of the decision outcomes (approve, review, decline). */
function OutcomeSelect(props: SelectProps) {
  return (
    <Select {...props}>
      {OUTCOMES.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  );
}

const NEW_RULE = (catalog: WorkflowCatalog, n: number): TDecisionRule => ({ name: `rule_${n}`, when: startCondition("check", catalog), outcome: "review" });

export function RulesEditor({ catalog, editable }: { catalog: WorkflowCatalog; editable: boolean }) {
  const { control, register, formState } = useFormContext<WorkflowForm>();
  const rules = useFieldArray({ control, name: "decision.rules" });
  return (
    <div className="space-y-4">
      <p className="rounded-md border border-sky-200 bg-sky-50 px-4 py-2.5 text-sm text-sky-900" data-testid="rules-explainer">
        Every rule whose condition holds matches, and the strongest outcome among the matches wins: decline over review over approve; the order of the rules
        does not matter.
      </p>
      <FormError>{errorAt(formState.errors, "decision.rules")}</FormError>
      {rules.fields.length === 0 ? (
        <Card className="px-6 py-10 text-center">
          <p className="text-sm font-medium text-slate-900">No decision rules</p>
          <p className="mt-1 text-sm text-slate-500">Every finished session gets the outcome below, unless a check needs a reviewer.</p>
        </Card>
      ) : (
        <ol className="space-y-4">
          {rules.fields.map((field, index) => (
            <RuleCard key={field.id} index={index} catalog={catalog} editable={editable} onRemove={() => rules.remove(index)} />
          ))}
        </ol>
      )}
      {editable ? (
        <Button variant="secondary" onClick={() => rules.append(NEW_RULE(catalog, rules.fields.length + 1))}>
          Add rule
        </Button>
      ) : null}
      <Card className="px-5 py-4">
        <Field
          id={inputId("decision.otherwise")}
          label="When no rule matches"
          hint="Applies to a session whose checks all passed; one with a check that did not pass goes to review."
          className="max-w-sm"
        >
          <OutcomeSelect
            id={inputId("decision.otherwise")}
            aria-describedby={describedBy(inputId("decision.otherwise"), { hint: true })}
            {...register("decision.otherwise")}
          />
        </Field>
      </Card>
    </div>
  );
}

function RuleCard({ index, catalog, editable, onRemove }: { index: number; catalog: WorkflowCatalog; editable: boolean; onRemove: () => void }) {
  const { control, register, setValue, formState } = useFormContext<WorkflowForm>();
  const base = `decision.rules.${index}`;
  const rule = useWatch({ control, name: `decision.rules.${index}` });
  const type = String((rule?.when as { type?: string } | undefined)?.type ?? "check");
  const condition = CONDITIONS.find((c) => c.type === type);
  const err = (p: string) => errorAt(formState.errors, `${base}.${p}`);
  const ids = (p: string) => inputId(`${base}.${p}`);
  const checkKey = (path: string) => {
    const id = inputId(path);
    const error = errorAt(formState.errors, path);
    return (
      <Field id={id} label="Check" error={error}>
        <Select id={id} invalid={!!error} aria-describedby={describedBy(id, { error })} {...register(formPath(path))}>
          {catalog.checks.map((c) => (
            <option key={c.key} value={c.key} title={c.description}>
              {c.key}
            </option>
          ))}
        </Select>
      </Field>
    );
  };

  return (
    <li>
      <Card className="px-5 py-4" data-testid="rule-card">
        <div className="flex items-start justify-between gap-3">
          <div className="grid flex-1 gap-x-6 gap-y-4 md:grid-cols-2">
            <Field id={ids("name")} label="Name" hint="snake_case; the reason code of the decision." error={err("name")}>
              <Input
                id={ids("name")}
                className="font-mono"
                autoComplete="off"
                invalid={!!err("name")}
                aria-describedby={describedBy(ids("name"), { hint: true, error: err("name") })}
                {...register(`decision.rules.${index}.name`)}
              />
            </Field>
            <Field id={ids("description")} label="Description (optional)" hint="Shown to reviewers beside the name." error={err("description")}>
              <Input
                id={ids("description")}
                maxLength={200}
                invalid={!!err("description")}
                aria-describedby={describedBy(ids("description"), { hint: true, error: err("description") })}
                {...register(`decision.rules.${index}.description`, { setValueAs: (v: string) => (v === "" ? undefined : v) })}
              />
            </Field>
          </div>
          {editable ? (
            <Button variant="ghost" size="sm" className="mt-6" onClick={onRemove} aria-label={`Remove rule ${rule?.name ?? index + 1}`}>
              Remove
            </Button>
          ) : null}
        </div>

        <fieldset className="mt-4 rounded-md border border-slate-200 p-4" aria-describedby={err("when") ? `${ids("when")}-error` : undefined}>
          <legend className="px-1 text-sm font-semibold text-slate-800">When</legend>
          <Field id={ids("when.type")} label="Condition" className="mb-4 max-w-md">
            <Select
              id={ids("when.type")}
              value={type}
              onChange={(e) => setValue(formPath(`${base}.when`), startCondition(e.target.value, catalog) as never, { shouldDirty: true })}
            >
              {CONDITIONS.map((c) => (
                <option key={c.type} value={c.type}>
                  {conditionLabel(c.type)}
                </option>
              ))}
            </Select>
          </Field>
          {condition && schemaFields(condition.schema).length ? (
            <SchemaFields key={type} fields={schemaFields(condition.schema)} base={`${base}.when`} custom={{ check: checkKey }} />
          ) : (
            <p className="text-sm text-slate-500">This condition has no further fields.</p>
          )}
          {err("when") ? (
            <p id={`${ids("when")}-error`} className="mt-3 text-sm text-red-700">
              {err("when")}
            </p>
          ) : null}
        </fieldset>

        <Field id={ids("outcome")} label="Then" className="mt-4 max-w-xs" error={err("outcome")}>
          <OutcomeSelect id={ids("outcome")} {...register(`decision.rules.${index}.outcome`)} />
        </Field>
      </Card>
    </li>
  );
}
