"use client";
/**
 * Settings: years between periodic re-KYC reviews by risk level (tRPC `settings.riskReviewYears`,
 * server/projects/risk-review-years.ts). Owners and admins change them; they apply to sessions
 * approved afterwards.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { type TRiskReviewYears, ZRiskReviewYears } from "~/server/risk/review-schedule";
import { useWorkspace } from "./workspace";

const LEVELS = [
  ["high", "High risk"],
  ["medium", "Medium risk"],
  ["low", "Low risk"],
] as const;

export function RiskReviewYearsCard() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const years = useQuery(trpc.settings.riskReviewYears.queryOptions({ projectId: ws.project.id, mode: ws.mode }));
  return (
    <Card data-testid="risk-review-years">
      <CardHeader
        title="Periodic re-KYC"
        description="Years after approval until a customer's KYC is due for an update, by risk level (RBI KYC Directions: 2, 8 and 10). Changes apply to sessions approved afterwards."
      />
      <CardBody>{years.data ? <YearsForm key={JSON.stringify(years.data)} years={years.data} /> : <FormError>{years.error?.message}</FormError>}</CardBody>
    </Card>
  );
}

function YearsForm({ years }: { years: TRiskReviewYears }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<TRiskReviewYears>({ resolver: zodResolver(ZRiskReviewYears), defaultValues: years });
  const save = useMutation(
    trpc.settings.setRiskReviewYears.mutationOptions({ onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.settings.riskReviewYears.pathKey() }) }),
  );
  const editable = ws.can("manageSettings");
  const invalid = Object.keys(form.formState.errors).length > 0;
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-4"
      onSubmit={form.handleSubmit((v) => save.mutate({ projectId: ws.project.id, mode: ws.mode, ...v }))}
    >
      {LEVELS.map(([level, label]) => (
        <label key={level} className="text-sm text-slate-700">
          {label}
          <div className="mt-1 flex items-center gap-2">
            <div className="w-20">
              <Input
                {...form.register(level, { valueAsNumber: true })}
                type="number"
                min={1}
                max={10}
                disabled={!editable}
                invalid={!!form.formState.errors[level]}
              />
            </div>
            <span className="text-slate-600">years</span>
          </div>
        </label>
      ))}
      {editable ? (
        <Button type="submit" variant="secondary" loading={save.isPending}>
          Save
        </Button>
      ) : null}
      <FormError className="w-full">{invalid ? "Each interval is 1 to 10 years." : save.error ? clientErrorInfo(save.error).message : null}</FormError>
    </form>
  );
}
