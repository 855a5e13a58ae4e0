"use client";
/**
 * Settings section: the reason codes reviewers choose from when deciding (review.reasonCodes,
 * review.updateReasonCodes), each with what the applicant is told in English and Hindi (shown
 * in the hosted flow for a decline or a resubmission with that code). Owners and admins add,
 * rename and remove codes; `other` always stays (its label may change). Everyone else reads the list.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { FieldError, FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { useTRPC } from "~/components/trpc/react";
import { OTHER_REASON_CODE, REASON_CODES_MAX, ZReasonCodeList, type TReasonCode } from "~/server/review/reason-codes.schemas";
import { applyServerError } from "../mutation-errors";
import { ErrorCard, LoadingCard } from "../query-states";
import { useWorkspace } from "../workspace";

const ZForm = z.object({ codes: ZReasonCodeList });
type Form = z.infer<typeof ZForm>;

export function ReasonCodesSettings() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const codes = useQuery(trpc.review.reasonCodes.queryOptions({ projectId: ws.project.id, mode: ws.mode }));
  if (codes.isPending) return <LoadingCard label="Loading reason codes" className="h-32" />;
  if (codes.isError) return <ErrorCard what="the reason codes" message={codes.error.message} onRetry={() => void codes.refetch()} />;
  return <ReasonCodesForm key={ws.project.id} initial={codes.data} />;
}

function ReasonCodesForm({ initial }: { initial: TReasonCode[] }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const editable = ws.can("manageSettings");
  const withTexts = (codes: TReasonCode[]) => codes.map((c) => ({ ...c, applicant: c.applicant ?? { en: "", hi: "" } }));
  const form = useForm<Form>({ resolver: zodResolver(ZForm), defaultValues: { codes: withTexts(initial) } });
  const { fields, insert, remove } = useFieldArray({ control: form.control, name: "codes" });
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useMutation(trpc.review.updateReasonCodes.mutationOptions());
  const { errors, isDirty } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    setSaved(false);
    update.mutate(
      { projectId: ws.project.id, mode: ws.mode, codes: values.codes },
      {
        onSuccess: async (stored) => {
          form.reset({ codes: withTexts(stored) });
          setSaved(true);
          await queryClient.invalidateQueries({ queryKey: trpc.review.reasonCodes.pathKey() });
        },
        onError: (err) => setFormError(applyServerError(err, ["codes"], form.setError)),
      },
    );
  });

  return (
    <Card>
      <CardHeader
        title="Review reason codes"
        description="What reviewers choose from when they approve, decline or ask for a resubmission. The code is stored on the session and sent to your backend; the label is what reviewers see; the applicant's text is what the hosted flow tells the applicant for a decline or a resubmission (never sent in webhooks; empty: a generic sentence). The decision's note is never shown to the applicant."
      />
      <CardBody>
        <form onSubmit={submit} noValidate className="space-y-3" aria-label="Review reason codes">
          <div className="grid grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] gap-2 text-xs font-medium text-slate-500">
            <span id="rc-code">Code</span>
            <span id="rc-label">Label</span>
            <span className="sr-only">Remove</span>
          </div>
          <ul className="space-y-2" data-testid="reason-codes">
            {fields.map((f, i) => {
              const locked = f.code === OTHER_REASON_CODE.code;
              const err = errors.codes?.[i];
              return (
                <li key={f.id} className="border-b border-slate-100 pb-3">
                  <div className="grid grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] items-start gap-2">
                    <Input
                      {...form.register(`codes.${i}.code`)}
                      aria-labelledby="rc-code"
                      aria-invalid={!!err?.code}
                      invalid={!!err?.code}
                      className="font-mono"
                      readOnly={locked || !editable}
                    />
                    <Input {...form.register(`codes.${i}.label`)} aria-labelledby="rc-label" invalid={!!err?.label} readOnly={!editable} />
                    <Button
                      variant="ghost"
                      size="sm"
                      className="mt-1"
                      disabled={locked || !editable}
                      onClick={() => remove(i)}
                      aria-label={`Remove ${f.code || "this code"}`}
                    >
                      Remove
                    </Button>
                  </div>
                  <div className="mt-2 grid gap-2 sm:grid-cols-2">
                    {(["en", "hi"] as const).map((lang) => (
                      <label key={lang} className="block text-xs font-medium text-slate-600">
                        {lang === "en" ? "Told to the applicant (English)" : "Told to the applicant (Hindi)"}
                        <Input
                          {...form.register(`codes.${i}.applicant.${lang}`)}
                          lang={lang}
                          className="mt-1 font-normal"
                          invalid={!!err?.applicant?.[lang]}
                          readOnly={!editable}
                          data-testid={`reason-applicant-${lang}`}
                        />
                      </label>
                    ))}
                  </div>
                  <FieldError>{err?.code?.message ?? err?.label?.message ?? err?.applicant?.en?.message ?? err?.applicant?.hi?.message}</FieldError>
                </li>
              );
            })}
          </ul>
          <FieldError>{errors.codes?.root?.message ?? errors.codes?.message}</FieldError>
          <FormError>{formError}</FormError>
          {saved ? (
            <p role="status" className="text-sm text-emerald-700">
              Saved. Reviewers see the new list on their next decision.
            </p>
          ) : null}
          {editable ? (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                size="sm"
                disabled={fields.length >= REASON_CODES_MAX}
                onClick={() => {
                  // new codes go before `other`, which stays last
                  const at = fields.findIndex((f) => f.code === OTHER_REASON_CODE.code);
                  insert(at === -1 ? fields.length : at, { code: "", label: "", applicant: { en: "", hi: "" } });
                }}
              >
                Add a code
              </Button>
              <Button type="submit" size="sm" loading={update.isPending} disabled={!isDirty}>
                Save reason codes
              </Button>
            </div>
          ) : null}
        </form>
      </CardBody>
    </Card>
  );
}
