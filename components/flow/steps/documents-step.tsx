"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useForm } from "react-hook-form";
import { useLocale, useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { RadioCards } from "~/components/ui/radio-cards";
import { Select } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { useTRPC } from "~/components/trpc/react";
import { documentKind } from "~/server/steps/documents/documents-config";
import {
  documentFieldsInput,
  type ResolvedDocumentField,
  type ResolvedDocumentsSettings,
  type ResolvedDocumentType,
} from "~/server/steps/documents/documents.schemas";
import { CameraCapture } from "../capture/camera-capture";
import { UploadProgress, UploadRefused } from "../capture/upload-refused";
import { prepareImage, UploadError, uploadFlowFile } from "../capture/upload-file";
import { useFlowAuthorization } from "../flow-auth";
import type { StepProps } from "../flow-types";
import type { Locale } from "../i18n/locales";
import { useCatalogText, useErrorText } from "../i18n/use-error-text";
import { splitServerErrors, useSubmitStep } from "../use-submit-step";
import { type StepSummaryProps, SummaryRows, summaryText, useSummaryDate } from "./step-view";
import type { CaptureProblem } from "~/server/uploads/capture-quality";

type Phase =
  | { kind: "choose" }
  | { kind: "side"; index: number; mode: "options" | "camera" }
  /** A photo to confirm: a camera capture, or a file whose capture quality has `problems` (server/uploads/capture-quality.ts). */
  | { kind: "preview"; index: number; photo: Blob; url: string; fileName: string; camera: boolean; problems: CaptureProblem[] }
  | { kind: "refused"; index: number; code: string; file: Blob; fileName: string }
  | { kind: "fields" };

/** Each side's uploaded file (id), by side index. */
type Uploaded = (string | null)[];

/**
 * The OCR pre-fill of the fields form: `requesting` while the request is on its way, the
 * extraction's id once queued, `unavailable` when it could not be queued; null when there is
 * nothing to read (a type without extraction, or the applicant came back to edit).
 */
type Prefill = { kind: "requesting" } | { kind: "queued"; id: string } | { kind: "unavailable" } | null;

/** After this long the form stops waiting for the OCR and says so (the applicant types). */
const PREFILL_PATIENCE_MS = 25_000;
const PREFILL_POLL_MS = 1_000;

function settingsOf(settings: Record<string, unknown>): ResolvedDocumentsSettings {
  return (settings.documents as ResolvedDocumentsSettings | undefined) ?? { capture: "upload_or_camera", types: [] };
}

/** A field's label: the workflow's own (in this language), else the flow's translation of the catalog key. */
function useFieldLabel(locale: Locale) {
  const catalog = useCatalogText();
  return (f: ResolvedDocumentField) => (f.label ? ((locale === "hi" ? f.label.hi : undefined) ?? f.label.en) : catalog.field(f.key, f.catalog_label));
}

/**
 * `documents`: choose a document type of the workflow's list, photograph (in-page camera with a
 * frame) or upload each side the type needs, then confirm the fields the workflow asks for.
 * Every file goes through the upload route (virus scan and type check before it is stored); a
 * refused file gets its own screen with a way forward. Submits `{ document_type, files, fields }`.
 */
export function DocumentsStep({ sessionId, state, step, isLast, locale, onDone }: StepProps) {
  const t = useTranslations("documents");
  const catalog = useCatalogText();
  const config = settingsOf(step.settings);
  const previous = step.values as { document_type?: string; files?: string[]; fields?: Record<string, string>; extraction_id?: string } | null;
  const previousType = config.types.find((d) => d.key === previous?.document_type);
  const [typeKey, setTypeKey] = useState<string | null>(previousType?.key ?? (config.types.length === 1 ? config.types[0]!.key : null));
  const type = config.types.find((d) => d.key === typeKey) ?? null;
  const [uploaded, setUploaded] = useState<Uploaded>(() => (previousType && previous?.files?.length === previousType.sides.length ? previous.files : []));
  const [phase, setPhase] = useState<Phase>(() =>
    previousType && previous?.files?.length === previousType.sides.length
      ? { kind: "fields" }
      : typeKey
        ? { kind: "side", index: 0, mode: "options" }
        : { kind: "choose" },
  );
  const [progress, setProgress] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const authorization = useFlowAuthorization();
  const fileInput = useRef<HTMLInputElement>(null);
  const errorText = useErrorText();
  const trpc = useTRPC();
  const extract = useMutation(trpc.flow.extractDocument.mutationOptions());
  const [prefill, setPrefill] = useState<Prefill>(null);

  /** Queues the OCR of the document's files (never waited for: the form opens at once). */
  function requestPrefill(documentType: string, files: string[]) {
    setPrefill({ kind: "requesting" });
    extract.mutate(
      { sessionId, step: step.name, document_type: documentType, files },
      {
        onSuccess: (x) => setPrefill(x ? { kind: "queued", id: x.id } : null),
        onError: () => setPrefill({ kind: "unavailable" }),
      },
    );
  }

  useEffect(() => () => (phase.kind === "preview" ? URL.revokeObjectURL(phase.url) : undefined), [phase]);

  if (phase.kind === "choose" || !type) {
    return (
      <ChooseType
        types={config.types}
        value={typeKey}
        onChoose={(key) => (setTypeKey(key), setUploaded([]), setPhase({ kind: "side", index: 0, mode: "options" }))}
      />
    );
  }
  const documentName = catalog.type(type.key, type.name);

  /** The capture-quality problems of a photo (the measuring code is loaded only now, on a document step). */
  async function captureProblemsOf(file: Blob): Promise<CaptureProblem[]> {
    const { checkCapture } = await import("../capture/capture-check");
    return checkCapture(file);
  }

  /** Uploads a chosen file at once, unless its capture quality has problems: then the applicant sees them first. */
  async function checkThenUpload(index: number, file: Blob, fileName: string) {
    const problems = await captureProblemsOf(file);
    if (problems.length === 0) return upload(index, file, fileName);
    setPhase({ kind: "preview", index, photo: file, url: URL.createObjectURL(file), fileName, camera: false, problems });
  }

  async function upload(index: number, file: Blob, fileName: string) {
    if (!type) return;
    setFormError(null);
    setProgress(0);
    try {
      const result = await uploadFlowFile({
        sessionId,
        authorization: authorization(),
        step: step.name,
        kind: documentKind(type.key, type.sides[index]!),
        file: await prepareImage(file),
        fileName,
        onProgress: setProgress,
      });
      const next = [...uploaded];
      next[index] = result.id;
      setUploaded(next);
      const done = index + 1 >= type.sides.length;
      if (done)
        requestPrefill(
          type.key,
          next.filter((f): f is string => !!f),
        );
      setPhase(done ? { kind: "fields" } : { kind: "side", index: index + 1, mode: "options" });
    } catch (err) {
      if (err instanceof UploadError) setPhase({ kind: "refused", index, code: err.code, file, fileName });
      else setFormError(errorText("generic") ?? null);
    } finally {
      setProgress(null);
    }
  }

  if (phase.kind === "refused") {
    const back = () => setPhase({ kind: "side", index: phase.index, mode: "options" });
    const { index, file, fileName } = phase;
    return <UploadRefused code={phase.code} onRetry={back} onRetrySame={() => (back(), void upload(index, file, fileName))} />;
  }

  if (phase.kind === "fields") {
    return (
      <FieldsForm
        sessionId={sessionId}
        stepName={step.name}
        type={type}
        files={uploaded.filter((f): f is string => !!f)}
        initial={previous?.document_type === type.key ? (previous.fields ?? {}) : {}}
        prefill={prefill ?? (previous?.document_type === type.key && previous.extraction_id ? { kind: "queued", id: previous.extraction_id } : null)}
        announcePrefill={prefill !== null}
        prefillName={state.session.prefill.full_name}
        isLast={isLast}
        locale={locale}
        onRetake={() => (setUploaded([]), setPhase({ kind: "side", index: 0, mode: "options" }))}
        onChangeType={config.types.length > 1 ? () => setPhase({ kind: "choose" }) : undefined}
        onDone={onDone}
      />
    );
  }

  const index = phase.index;
  const side = type.sides[index]!;
  const title = t("sideTitle", { side: catalog.side(side), document: documentName });
  const allowUpload = config.capture === "upload_or_camera";
  const fileButton = allowUpload ? (
    <Button variant="secondary" size="lg" block onClick={() => fileInput.current?.click()} disabled={progress !== null} data-testid="document-upload">
      {t("uploadFile")}
    </Button>
  ) : null;

  return (
    <div data-testid="flow-step-documents" data-side={side}>
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{title}</h1>
      <p className="mt-2 text-base text-slate-600">{t("sideIntro")}</p>
      <input
        ref={fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/heic,image/heif,application/pdf"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="document-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) void checkThenUpload(index, file, file.name);
        }}
      />
      <div className="mt-5">
        {phase.kind === "side" && phase.mode === "camera" ? (
          <CameraCapture
            facing="environment"
            guide="document"
            onCapture={(photo) =>
              void captureProblemsOf(photo).then((problems) =>
                setPhase({ kind: "preview", index, photo, url: URL.createObjectURL(photo), fileName: `${side}.jpg`, camera: true, problems }),
              )
            }
            onCancel={() => setPhase({ kind: "side", index, mode: "options" })}
            cancelLabel={t("uploadFile")}
            fallback={fileButton}
          />
        ) : phase.kind === "preview" ? (
          <>
            {/* a local object URL: next/image does not apply */}
            <img src={phase.url} alt={title} className="aspect-[4/3] w-full rounded-xl bg-slate-100 object-contain" data-testid="document-preview" />
            {phase.problems.length > 0 ? (
              <div
                role="alert"
                className="mt-4 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900"
                data-testid="capture-quality"
              >
                <p className="font-medium">{t("quality.title")}</p>
                <ul className="mt-1 list-disc pl-5">
                  {phase.problems.map((p) => (
                    <li key={p} data-problem={p}>
                      {t(`quality.${p}`)}
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
            {progress !== null ? <UploadProgress percent={progress} /> : null}
            <FormError className="mt-4">{formError}</FormError>
            <div className="mt-5 flex flex-col gap-3">
              <Button size="lg" block loading={progress !== null} onClick={() => void upload(index, phase.photo, phase.fileName)} data-testid="document-use">
                {t("useThis")}
              </Button>
              <Button
                variant="secondary"
                size="lg"
                block
                disabled={progress !== null}
                onClick={() => setPhase({ kind: "side", index, mode: phase.camera ? "camera" : "options" })}
              >
                {phase.camera ? t("retake") : t("chooseAnother")}
              </Button>
            </div>
          </>
        ) : (
          <>
            <div className="flex flex-col gap-3">
              <Button
                size="lg"
                block
                onClick={() => setPhase({ kind: "side", index, mode: "camera" })}
                disabled={progress !== null}
                data-testid="document-camera"
              >
                {t("takePhoto")}
              </Button>
              {fileButton}
            </div>
            {allowUpload ? <p className="mt-2 text-sm text-slate-500">{t("uploadHint")}</p> : null}
            {progress !== null ? <UploadProgress percent={progress} /> : null}
            <FormError className="mt-4">{formError}</FormError>
          </>
        )}
      </div>
      {type.sides.length > 1 ? (
        <ol className="mt-6 flex gap-2 text-sm" aria-label={documentName}>
          {type.sides.map((s, i) => (
            <li key={s} className={i === index ? "font-medium text-slate-900" : uploaded[i] ? "text-emerald-700" : "text-slate-500"}>
              {uploaded[i] ? "✓ " : ""}
              {catalog.side(s)}
              {i < type.sides.length - 1 ? <span aria-hidden="true"> ·</span> : null}
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function ChooseType({ types, value, onChoose }: { types: ResolvedDocumentType[]; value: string | null; onChoose: (key: string) => void }) {
  const t = useTranslations("documents");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const catalog = useCatalogText();
  const [chosen, setChosen] = useState<string | null>(value);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  return (
    <form
      data-testid="flow-step-documents"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!chosen) return setError("document_type_required");
        onChoose(chosen);
      }}
    >
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("chooseTitle")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("chooseIntro")}</p>
      <div className="mt-6">
        <RadioCards
          name={`${id}-type`}
          legend={t("chooseTitle")}
          legendHidden
          testId="document-types"
          options={types.map((d) => ({ value: d.key, title: catalog.type(d.key, d.name) }))}
          value={chosen}
          onChange={(v) => (setChosen(v), setError(null))}
          error={errorText(error)}
          errorId={`${id}-error`}
        />
      </div>
      <Button type="submit" size="lg" block className="mt-8">
        {tc("continue")}
      </Button>
    </form>
  );
}

function FieldsForm({
  sessionId,
  stepName,
  type,
  files,
  initial,
  prefill,
  announcePrefill,
  prefillName,
  isLast,
  locale,
  onRetake,
  onChangeType,
  onDone,
}: {
  sessionId: string;
  stepName: string;
  type: ResolvedDocumentType;
  files: string[];
  initial: Record<string, string>;
  prefill: Prefill;
  /** False when the applicant came back to edit: the extraction is kept for the submission, nothing is filled or announced. */
  announcePrefill: boolean;
  prefillName?: string;
  isLast: boolean;
  locale: Locale;
  onRetake: () => void;
  onChangeType?: () => void;
  onDone: () => void;
}) {
  const t = useTranslations("documents");
  const tc = useTranslations("common");
  const errorText = useErrorText();
  const catalog = useCatalogText();
  const label = useFieldLabel(locale);
  const schema = useMemo(() => documentFieldsInput(type.fields), [type.fields]);
  const defaults = Object.fromEntries(type.fields.map((f) => [f.key, initial[f.key] ?? (f.key === "name" ? (prefillName ?? "") : "")]));
  const form = useForm<Record<string, string>>({ resolver: zodResolver(schema) as never, mode: "onTouched", defaultValues: defaults });
  const { register, handleSubmit, setError, formState } = form;
  const submit = useSubmitStep(sessionId);
  const [formError, setFormError] = useState<string | null>(null);
  const id = useId();
  const reading = useDocumentPrefill(sessionId, stepName, prefill, announcePrefill, type, form);
  const extractionId = prefill?.kind === "queued" ? prefill.id : undefined;

  const onSubmit = handleSubmit(async (fields) => {
    setFormError(null);
    try {
      await submit.mutateAsync({
        sessionId,
        step: stepName,
        values: { document_type: type.key, files, fields, ...(extractionId ? { extraction_id: extractionId } : {}) },
      });
      onDone();
    } catch (err) {
      const { fieldIssues, formKey } = splitServerErrors(
        err,
        type.fields.map((f) => `fields.${f.key}`),
      );
      fieldIssues.forEach((issue, i) => setError(issue.param.replace(/^fields\./, ""), { type: "server", message: issue.message }, { shouldFocus: i === 0 }));
      setFormError(errorText(formKey) ?? null);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate data-testid="flow-step-documents" data-phase="fields">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{t("fieldsTitle")}</h1>
      <p className="mt-2 text-base text-slate-600">{t("fieldsIntro", { document: catalog.type(type.key, type.name) })}</p>
      <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900" data-testid="document-files">
        <span>
          ✓ {catalog.type(type.key, type.name)} · {t("filesOf", { count: files.length })}
        </span>
        <button type="button" className="min-h-11 font-medium text-brand-700 underline underline-offset-2" onClick={onRetake}>
          {t("retakePhotos")}
        </button>
      </p>
      <PrefillNotice reading={reading} />
      <div className="mt-6 space-y-5">
        {type.fields.map((f) => {
          const fieldId = `${id}-${f.key}`;
          const error = errorText(formState.errors[f.key]?.message);
          const attention = reading.attention.has(f.key) && !formState.dirtyFields[f.key];
          const hint = attention ? (
            <span className="font-medium text-amber-800" data-testid={`doc-field-${f.key}-attention`}>
              {t("checkThis")}
            </span>
          ) : f.example && f.type === "string" ? (
            t("example", { example: f.example })
          ) : undefined;
          const common = {
            id: fieldId,
            "data-testid": `doc-field-${f.key}`,
            "data-prefilled": reading.filled.has(f.key) || undefined,
            invalid: !!error,
            "aria-describedby": describedBy(fieldId, { hint, error }),
            "aria-required": f.required || undefined,
          };
          return (
            <Field key={f.key} id={fieldId} label={f.required ? label(f) : `${label(f)} (${tc("optional")})`} hint={hint} error={error}>
              {f.type === "enum" && f.values ? (
                <Select {...register(f.key)} {...common} size="lg">
                  <option value="">—</option>
                  {f.values.map((v) => (
                    <option key={v} value={v}>
                      {catalog.value(v)}
                    </option>
                  ))}
                </Select>
              ) : f.type === "date" ? (
                <Input {...register(f.key)} {...common} size="lg" type="date" min="1900-01-01" />
              ) : (
                <Input
                  {...register(f.key)}
                  {...common}
                  size="lg"
                  maxLength={f.max_length}
                  autoComplete={f.key === "name" ? "name" : "off"}
                  className={f.pattern ? "font-mono uppercase" : undefined}
                  autoCapitalize={f.pattern ? "characters" : "words"}
                  spellCheck={false}
                />
              )}
            </Field>
          );
        })}
      </div>
      <FormError className="mt-5">{formError}</FormError>
      <Button type="submit" size="lg" block className="mt-8" loading={submit.isPending}>
        {isLast ? tc("submit") : tc("continue")}
      </Button>
      {onChangeType ? (
        <Button variant="ghost" size="lg" block className="mt-3" onClick={onChangeType}>
          {t("changeType")}
        </Button>
      ) : null}
    </form>
  );
}

/** What the OCR pre-fill did for the form, for the notice above the fields and the field hints. */
interface PrefillReading {
  /** `idle`: nothing to announce; `reading`; `slow`: gave up waiting; `filled`; `none`: nothing could be read. */
  status: "idle" | "reading" | "slow" | "filled" | "none";
  /** Fields filled from the document. */
  filled: ReadonlySet<string>;
  /** Filled fields the applicant should look at twice (OCR unsure, or the value fails its format). */
  attention: ReadonlySet<string>;
}

/**
 * Polls the document's extraction while it is pending (never longer than PREFILL_PATIENCE_MS)
 * and, once completed, fills the fields the applicant has not touched and left empty. Typing
 * never waits for it.
 */
function useDocumentPrefill(
  sessionId: string,
  stepName: string,
  prefill: Prefill,
  announce: boolean,
  type: ResolvedDocumentType,
  form: UseFormReturn<Record<string, string>>,
): PrefillReading {
  const trpc = useTRPC();
  const [slow, setSlow] = useState(false);
  const [result, setResult] = useState<{ fills: ReadonlyMap<string, string>; attention: Set<string> } | null>(null);
  const id = prefill?.kind === "queued" ? prefill.id : null;
  const query = useQuery(
    trpc.flow.documentExtraction.queryOptions(
      { sessionId, step: stepName, extraction_id: id ?? "" },
      { enabled: announce && !!id, refetchInterval: (q) => (q.state.data?.status === "pending" && !slow ? PREFILL_POLL_MS : false), retry: 1 },
    ),
  );
  useEffect(() => {
    if (!announce || !prefill) return;
    const timer = setTimeout(() => setSlow(true), PREFILL_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [announce, prefill]);

  const data = query.data;
  // the extraction completed in time: what it fills (the fields the applicant has not touched and
  // left empty) is decided once, as state adjusted during render …
  if (!result && !slow && data?.status === "completed") {
    const fills = new Map<string, string>();
    const attention = new Set<string>();
    for (const f of type.fields) {
      const read = data.fields[f.key];
      if (!read || form.getFieldState(f.key).isDirty || form.getValues(f.key)) continue;
      fills.set(f.key, read.value);
      if (read.attention) attention.add(f.key);
    }
    setResult({ fills, attention });
  }
  // … and written into the form (react-hook-form's store) once committed
  useEffect(() => {
    result?.fills.forEach((value, key) => form.setValue(key, value));
  }, [result, form]);

  const empty = new Set<string>();
  if (!announce || !prefill) return { status: "idle", filled: empty, attention: empty };
  if (result) return { status: result.fills.size ? "filled" : "none", filled: new Set(result.fills.keys()), attention: result.attention };
  if (prefill.kind === "unavailable" || query.isError || data?.status === "failed") return { status: "none", filled: empty, attention: empty };
  return { status: slow ? "slow" : "reading", filled: empty, attention: empty };
}

/** The pre-fill's state above the fields, in a live region that exists before it changes (screen readers announce it). */
function PrefillNotice({ reading }: { reading: PrefillReading }) {
  const t = useTranslations("documents");
  const tone =
    reading.status === "filled" ? "bg-sky-50 text-sky-900" : reading.status === "reading" ? "bg-slate-50 text-slate-800" : "bg-amber-50 text-amber-900";
  return (
    <div
      role="status"
      aria-live="polite"
      className={reading.status === "idle" ? "sr-only" : `mt-4 rounded-lg px-4 py-3 text-sm ${tone}`}
      data-testid="document-prefill"
      data-status={reading.status}
    >
      {reading.status === "reading" ? (
        <>
          <p className="flex items-center gap-2 font-medium">
            <Spinner className="size-4" />
            {t("reading")}
          </p>
          <p className="mt-1">{t("readingHint")}</p>
        </>
      ) : reading.status === "filled" ? (
        t("prefilled", { count: reading.filled.size })
      ) : reading.status === "slow" ? (
        t("readingSlow")
      ) : reading.status === "none" ? (
        t("prefillNone")
      ) : null}
    </div>
  );
}

/** The review card: the document type and the confirmed fields. */
export function DocumentsSummary({ step, values: v }: StepSummaryProps) {
  const catalog = useCatalogText();
  // the workflow's own labels in the page's language, as on the fields screen
  const label = useFieldLabel(useLocale() === "hi" ? "hi" : "en");
  const date = useSummaryDate();
  const config = step.settings.documents as ResolvedDocumentsSettings | undefined;
  const type = config?.types.find((d) => d.key === v.document_type);
  const fields = (v.fields ?? {}) as Record<string, string>;
  return (
    <SummaryRows
      rows={[
        { label: "", value: catalog.type(summaryText(v.document_type), type?.name) },
        ...(type?.fields ?? [])
          .filter((f) => fields[f.key])
          .map((f) => ({
            label: label(f),
            value: f.type === "date" ? date(fields[f.key]) : f.type === "enum" ? catalog.value(fields[f.key]!) : fields[f.key]!,
          })),
      ]}
    />
  );
}
