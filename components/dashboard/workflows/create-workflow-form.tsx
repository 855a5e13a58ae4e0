"use client";
/**
 * "New workflow": name (unique in the project), what it verifies (KYC or KYB), country,
 * languages and time to live, validated with the procedure's own schema (ZCreateWorkflowRequest).
 * The draft starts from the template of the type; the builder opens on it.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { describedBy, Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { RadioCards } from "~/components/ui/radio-cards";
import { Select } from "~/components/ui/select";
import { COUNTRY_NAMES, ZCreateWorkflowRequest, type TCreateWorkflowRequest } from "~/server/workflows/workflow-builder.schemas";
import { ZLocale } from "~/server/workflows/workflow.schemas";
import { TEMPLATE_STEPS } from "~/server/workflows/workflow-templates";
import { FormActions } from "../form-actions";
import { applyServerError } from "../mutation-errors";
import { ChoiceFieldset, ChoiceList } from "./choice-list";
import { TtlField } from "./ttl-field";

export type CreateWorkflowValues = z.output<typeof ZCreateWorkflowRequest>;

export function CreateWorkflowForm({ onSubmit, onCancel }: { onSubmit: (values: CreateWorkflowValues) => Promise<unknown>; onCancel: () => void }) {
  const form = useForm<TCreateWorkflowRequest, unknown, CreateWorkflowValues>({
    resolver: zodResolver(ZCreateWorkflowRequest),
    defaultValues: { name: "", type: "kyc", country: "IN", languages: ["en", "hi"], ttl_seconds: 604_800 },
  });
  const { errors, isSubmitting } = form.formState;
  const [formError, setFormError] = useState<string | null>(null);
  const type = useWatch({ control: form.control, name: "type" });

  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      setFormError(applyServerError(err, ["name", "type", "country", "languages", "ttl_seconds"], form.setError));
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-5" data-testid="create-workflow-form">
      <Field id="workflow-name" label="Name" hint="Unique in this project, e.g. Employee onboarding." error={errors.name?.message}>
        <Input
          id="workflow-name"
          autoComplete="off"
          maxLength={80}
          invalid={!!errors.name}
          aria-describedby={describedBy("workflow-name", { hint: true, error: errors.name })}
          {...form.register("name")}
        />
      </Field>
      <Controller
        control={form.control}
        name="type"
        render={({ field }) => (
          <RadioCards
            name="workflow-type"
            legend="Verifies"
            value={field.value}
            onChange={field.onChange}
            options={[
              { value: "kyc", title: "Individuals (KYC)", description: "Starts with consent, phone, PAN, Aadhaar, selfie and review." },
              {
                value: "kyb",
                title: "Businesses (KYB)",
                description: "Starts with consent, business details and documents, key people, bank account and review.",
              },
            ]}
          />
        )}
      />
      <p className="-mt-2 text-xs text-slate-500">Template steps: {TEMPLATE_STEPS[type].join(", ")}. Every step can be changed, moved or removed.</p>
      <Field id="workflow-country" label="Country" error={errors.country?.message}>
        <Select id="workflow-country" {...form.register("country")}>
          {Object.entries(COUNTRY_NAMES).map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
      <Controller
        control={form.control}
        name="languages"
        render={({ field }) => (
          <ChoiceFieldset id="workflow-languages" legend="Languages" hint="The first is a session's default language." error={errors.languages?.message}>
            <ChoiceList id="workflow-languages" options={ZLocale.options} value={field.value} onChange={field.onChange} ordered />
          </ChoiceFieldset>
        )}
      />
      <Controller
        control={form.control}
        name="ttl_seconds"
        render={({ field }) => (
          <Field id="workflow-ttl" label="Time to live" hint="How long a new session stays open: 5 minutes to 30 days." error={errors.ttl_seconds?.message}>
            <TtlField
              id="workflow-ttl"
              value={field.value}
              onChange={field.onChange}
              invalid={!!errors.ttl_seconds}
              describedBy={describedBy("workflow-ttl", { hint: true, error: errors.ttl_seconds })}
            />
          </Field>
        )}
      />
      <FormActions error={formError} submitLabel="Create workflow" submitting={isSubmitting} onCancel={onCancel} />
    </form>
  );
}
