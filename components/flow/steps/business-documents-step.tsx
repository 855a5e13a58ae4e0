"use client";
import { useRef, useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { FieldError } from "~/components/ui/field-error";
import { businessDocumentKind, type BusinessDocumentSlot } from "~/server/steps/business-documents/business-documents";
import { UploadProgress, UploadRefused } from "../capture/upload-refused";
import { prepareImage, UploadError, uploadFlowFile } from "../capture/upload-file";
import { useFlowAuthorization } from "../flow-auth";
import type { StepProps } from "../flow-types";
import { useCatalogText, useErrorText } from "../i18n/use-error-text";
import { StepFormFooter } from "../step-form";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";

/** Upload state of one document: its file id once uploaded, the file's name as chosen. */
type Uploaded = Record<string, { id: string; name: string | null }>;

/**
 * `business_documents`: one file per document the business's constitution needs (the slots
 * the server resolved, server/steps/business-documents/business-documents.ts), each through the upload route (virus
 * scan, type by content, stored as evidence). A refused file gets its own screen. Submits
 * `{ files: { <type>: file_... } }`.
 */
export function BusinessDocumentsStep({ sessionId, step, isLast, onDone }: StepProps) {
  const t = useTranslations("kyb");
  const td = useTranslations("documents");
  const tc = useTranslations("common");
  const catalog = useCatalogText();
  const errorText = useErrorText();
  const slots = ((step.settings as { slots?: BusinessDocumentSlot[] }).slots ?? []) as BusinessDocumentSlot[];
  const previous = ((step.values as { files?: Record<string, string> } | null)?.files ?? {}) as Record<string, string>;
  const [uploaded, setUploaded] = useState<Uploaded>(() => Object.fromEntries(Object.entries(previous).map(([type, id]) => [type, { id, name: null }])));
  const [busy, setBusy] = useState<{ type: string; percent: number } | null>(null);
  const [refused, setRefused] = useState<{ type: string; code: string; file: File } | null>(null);
  const [missing, setMissing] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Record<string, HTMLInputElement | null>>({});
  const authorization = useFlowAuthorization();
  const submit = useSubmitStep(sessionId);

  async function upload(type: string, file: File) {
    setFormError(null);
    setBusy({ type, percent: 0 });
    try {
      const result = await uploadFlowFile({
        sessionId,
        authorization: authorization(),
        step: step.name,
        kind: businessDocumentKind(type),
        file: await prepareImage(file),
        fileName: file.name,
        onProgress: (percent) => setBusy({ type, percent }),
      });
      setUploaded((u) => ({ ...u, [type]: { id: result.id, name: file.name } }));
      setMissing(({ [type]: _, ...rest }) => rest);
    } catch (err) {
      if (err instanceof UploadError) setRefused({ type, code: err.code, file });
      else setFormError("generic");
    } finally {
      setBusy(null);
    }
  }

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    setFormError(null);
    const absent = slots.filter((s) => s.required && !uploaded[s.type]);
    if (absent.length) {
      setMissing(Object.fromEntries(absent.map((s) => [s.type, "business_document_required"])));
      inputs.current[absent[0]!.type]?.closest("li")?.querySelector("button")?.focus();
      return;
    }
    try {
      await submit.mutateAsync({
        sessionId,
        step: step.name,
        values: { files: Object.fromEntries(Object.entries(uploaded).map(([type, f]) => [type, f.id])) },
      });
      onDone();
    } catch (err) {
      const { fieldIssues, formKey } = splitServerErrors(
        err,
        slots.map((s) => `files.${s.type}`),
      );
      setMissing(Object.fromEntries(fieldIssues.map((i) => [i.param.slice("files.".length), i.message])));
      setFormError(formKey);
    }
  }

  if (refused)
    return (
      <UploadRefused code={refused.code} onRetry={() => setRefused(null)} onRetrySame={() => (setRefused(null), void upload(refused.type, refused.file))} />
    );

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate data-testid="flow-step-business-documents">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("documentsTitle")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("documentsIntro")}</p>
      <ul className="mt-6 space-y-3">
        {slots.map((slot) => {
          const file = uploaded[slot.type];
          const name = catalog.type(slot.type);
          const errorId = `doc-${slot.type}-error`;
          return (
            <li
              key={slot.type}
              className="rounded-xl border border-slate-200 p-4"
              data-testid={`business-document-${slot.type}`}
              data-uploaded={file ? "true" : "false"}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {name}
                    {slot.required ? null : <span className="font-normal text-slate-500"> ({tc("optional")})</span>}
                  </p>
                  {file ? (
                    <p className="mt-0.5 flex items-center gap-1 text-sm text-emerald-700">
                      <span aria-hidden="true">✓</span> {file.name ?? t("uploadedFile")}
                    </p>
                  ) : null}
                </div>
                <Button
                  variant={file ? "ghost" : "secondary"}
                  size="sm"
                  className="min-h-11"
                  disabled={busy !== null}
                  aria-describedby={missing[slot.type] ? errorId : undefined}
                  aria-label={`${file ? t("replaceFile") : t("chooseFile")}: ${name}`}
                  onClick={() => inputs.current[slot.type]?.click()}
                >
                  {file ? t("replaceFile") : t("chooseFile")}
                </Button>
              </div>
              <input
                ref={(el) => {
                  inputs.current[slot.type] = el;
                }}
                type="file"
                accept="application/pdf,image/jpeg,image/png,image/webp,image/heic,image/heif"
                className="sr-only"
                tabIndex={-1}
                aria-hidden="true"
                data-testid={`business-document-input-${slot.type}`}
                onChange={(e) => {
                  const chosen = e.target.files?.[0];
                  e.target.value = "";
                  if (chosen) void upload(slot.type, chosen);
                }}
              />
              {busy?.type === slot.type ? <UploadProgress percent={busy.percent} /> : null}
              <FieldError id={errorId}>{errorText(missing[slot.type])}</FieldError>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-sm text-slate-500">{td("uploadHint")}</p>
      <StepFormFooter error={formError} pending={submit.isPending} isLast={isLast} disabled={busy !== null} testId="business-documents-submit" />
    </form>
  );
}
