"use client";
/**
 * /dashboard/workflows/[id]: the workflow builder. One form over the draft (react-hook-form,
 * `zodResolver(ZWorkflowDefinition)`: the schema the server validates with, so client and
 * server report problems at the same paths) in four tabs: Settings, Steps, Decision rules,
 * History. Save stores the draft; Publish (confirmed) creates the next numbered version;
 * Preview opens the hosted flow of the saved draft in a test session; Discard returns the
 * draft to the current version. Roles without `manageWorkflows` see it read-only.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Controller, FormProvider, useForm, useFormContext, type FieldErrors } from "react-hook-form";
import { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { cn, focusRing } from "~/components/ui/cn";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { DescriptionList } from "~/components/ui/description-list";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import type { TWorkflowForBuilder } from "~/server/workflows/workflow-builder.schemas";
import { COUNTRY_NAMES } from "~/server/workflows/workflow-builder.schemas";
import { ZWorkflowDefinition, type TWorkflowDefinition } from "~/server/workflows/workflow.schemas";
import { Modal } from "../modal";
import { PageHeader } from "../page-header";
import { ErrorCard, LoadingCard } from "../query-states";
import { RelativeTime } from "../relative-time";
import { useWorkspace } from "../workspace";
import { errorAt, formPath, inputId, listErrors, tabOf, type EditorTab, type WorkflowCatalog, type WorkflowForm } from "./form";
import { keyLabel } from "./labels";
import { RulesEditor } from "./rules-editor";
import { SchemaFields, schemaFields } from "./schema-fields";
import { StepsEditor } from "./steps-editor";
import { TtlField } from "./ttl-field";
import { useUnsavedChangesWarning } from "./use-unsaved-changes";
import { WorkflowHistory } from "./workflow-history";

const GENERAL_FIELDS = schemaFields(
  z.object({
    languages: ZWorkflowDefinition.shape.languages,
    ttl_seconds: ZWorkflowDefinition.shape.ttl_seconds,
    max_resubmissions: ZWorkflowDefinition.shape.max_resubmissions,
  }),
);

const TABS: { id: EditorTab; label: string }[] = [
  { id: "settings", label: "Settings" },
  { id: "steps", label: "Steps" },
  { id: "rules", label: "Decision rules" },
  { id: "history", label: "History" },
];

export function WorkflowEditorView({ id }: { id: string }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const workflow = useQuery(trpc.workflows.get.queryOptions({ projectId: ws.project.id, mode: ws.mode, id }));
  const catalog = useQuery(trpc.workflows.catalog.queryOptions({ projectId: ws.project.id, mode: ws.mode, country: "IN" }));
  const back = (
    <Link href={ws.href("/dashboard/workflows")} className={cn("text-sm text-slate-600 hover:text-slate-900", focusRing)}>
      ← Workflows
    </Link>
  );
  if (workflow.isPending || catalog.isPending) {
    return (
      <div className="space-y-4">
        {back}
        <LoadingCard label="Loading the workflow" className="h-72" />
      </div>
    );
  }
  if (workflow.isError || catalog.isError) {
    const error = workflow.error ?? catalog.error;
    const retry = () => void (workflow.isError ? workflow.refetch() : catalog.refetch());
    return (
      <div className="space-y-4">
        {back}
        <ErrorCard what="this workflow" message={error?.message ?? ""} onRetry={retry} />
      </div>
    );
  }
  return <WorkflowEditor key={workflow.data.id} workflow={workflow.data} catalog={catalog.data} back={back} />;
}

function WorkflowEditor({ workflow, catalog, back }: { workflow: TWorkflowForBuilder; catalog: WorkflowCatalog; back: React.ReactNode }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const editable = ws.can("manageWorkflows");
  const form = useForm<WorkflowForm, unknown, TWorkflowDefinition>({ resolver: zodResolver(ZWorkflowDefinition), defaultValues: workflow.draft });
  const { isDirty, isSubmitting, errors } = form.formState;
  const [tab, setTab] = useState<EditorTab>("steps");
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<"publish" | "discard" | null>(null);
  const [published, setPublished] = useState<number | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  useUnsavedChangesWarning(isDirty);

  const saveDraft = useMutation(trpc.workflows.saveDraft.mutationOptions());
  const publish = useMutation(trpc.workflows.publish.mutationOptions());
  const discard = useMutation(trpc.workflows.discardDraft.mutationOptions());
  const preview = useMutation(trpc.workflows.preview.mutationOptions());
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.workflows.get.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.workflows.list.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.workflows.versions.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.workflows.diff.pathKey() }),
    ]);

  const showErrors = (found: FieldErrors<WorkflowForm>) => {
    const first = listErrors(found)[0];
    if (first) setTab(tabOf(first.path));
  };

  const save = form.handleSubmit(async (values) => {
    setFormError(null);
    setNotice(null);
    try {
      // `base`: what this editor loaded or last saved, so a draft someone else saved meanwhile is not overwritten
      const saved = await saveDraft.mutateAsync({ ...tenant, id: workflow.id, definition: values, base: form.formState.defaultValues });
      form.reset(saved);
      setNotice("Draft saved.");
      await refresh();
    } catch (err) {
      const info = clientErrorInfo(err);
      if (info.domainCode === "parameter_invalid" && info.issues.length) {
        for (const issue of info.issues) form.setError(formPath(issue.param), { type: "server", message: issue.message });
        setTab(tabOf(info.issues[0]!.param));
      } else setFormError(info.message);
    }
  }, showErrors);

  const runPublish = () =>
    publish.mutate(
      { ...tenant, id: workflow.id },
      {
        onSuccess: async (r) => {
          setPublished(r.version);
          setNotice(null);
          await refresh();
        },
      },
    );

  const runDiscard = () =>
    discard.mutate(
      { ...tenant, id: workflow.id },
      {
        onSuccess: async (draft) => {
          form.reset(draft);
          setConfirm(null);
          setNotice("Draft discarded: it is the current version again.");
          await refresh();
        },
      },
    );

  const runPreview = () => {
    setFormError(null);
    // open the tab in the click itself (a popup opened after an await is blocked), then point it at the flow
    const tab = window.open("about:blank", "_blank");
    preview.mutate(
      { ...tenant, id: workflow.id },
      {
        onSuccess: (r) => {
          setPreviewUrl(r.url);
          if (tab) {
            tab.opener = null;
            tab.location.href = r.url;
          }
        },
        onError: (err) => {
          tab?.close();
          setFormError(clientErrorInfo(err).message);
        },
      },
    );
  };

  const errorCount = (t: EditorTab) => listErrors(errors).filter((e) => tabOf(e.path) === t).length;
  const nextVersion = (workflow.version ?? 0) + 1;

  return (
    <FormProvider {...form}>
      <div className="space-y-5">
        {back}
        <PageHeader
          title={workflow.name}
          description={
            <span className="flex flex-wrap items-center gap-2">
              <span>
                {workflow.type.toUpperCase()} · {COUNTRY_NAMES[workflow.country as keyof typeof COUNTRY_NAMES] ?? workflow.country}
              </span>
              {workflow.version ? (
                <Badge tone="green" dot>
                  Version {workflow.version} live
                </Badge>
              ) : (
                <Badge tone="gray">Not published</Badge>
              )}
              {workflow.draftChanges ? <Badge tone="amber">Draft changes</Badge> : null}
              {isDirty ? <Badge tone="orange">Unsaved edits</Badge> : null}
              <span className="text-xs text-slate-500">
                Updated <RelativeTime date={workflow.updatedAt} />
              </span>
            </span>
          }
          actions={
            editable ? (
              <>
                {isDirty ? (
                  <Button variant="ghost" onClick={() => (form.reset(), setFormError(null))}>
                    Revert edits
                  </Button>
                ) : workflow.draftChanges && workflow.version ? (
                  <Button variant="ghost" onClick={() => setConfirm("discard")}>
                    Discard draft
                  </Button>
                ) : null}
                <Button
                  variant="secondary"
                  onClick={runPreview}
                  loading={preview.isPending}
                  disabled={isDirty}
                  title={isDirty ? "Save the draft to preview it" : undefined}
                >
                  Preview
                </Button>
                <Button variant={isDirty ? "primary" : "secondary"} onClick={() => void save()} loading={isSubmitting} disabled={!isDirty}>
                  Save draft
                </Button>
                <Button
                  onClick={() => (publish.reset(), setPublished(null), setConfirm("publish"))}
                  disabled={isDirty || !workflow.draftChanges}
                  title={isDirty ? "Save the draft first" : !workflow.draftChanges ? "No changes since the current version" : undefined}
                >
                  Publish
                </Button>
              </>
            ) : null
          }
        />

        {!editable ? (
          <p className="rounded-md border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600" data-testid="workflow-read-only">
            You can view this workflow; owners, administrators and developers can change and publish it.
          </p>
        ) : null}
        {editable && isDirty ? <p className="text-sm text-slate-500">Preview and publish use the saved draft: save your edits first.</p> : null}
        {notice ? (
          <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-2.5 text-sm text-emerald-900">
            {notice}
          </p>
        ) : null}
        {previewUrl ? (
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 px-4 py-2.5 text-sm text-amber-900" data-testid="preview-ready">
            A test session on the saved draft was opened in a new tab.{" "}
            <a href={previewUrl} target="_blank" rel="noreferrer" className="font-medium underline">
              Open the preview again
            </a>
          </p>
        ) : null}
        <FormError>{formError}</FormError>
        <ErrorSummary onPick={(path) => setTab(tabOf(path))} />

        <div role="tablist" aria-label="Workflow" className="flex gap-1 border-b border-slate-200">
          {TABS.map((t, i) => {
            const count = t.id === "history" ? 0 : errorCount(t.id);
            return (
              <button
                key={t.id}
                id={`tab-${t.id}`}
                type="button"
                role="tab"
                aria-selected={tab === t.id}
                aria-controls={`panel-${t.id}`}
                tabIndex={tab === t.id ? 0 : -1}
                onClick={() => setTab(t.id)}
                onKeyDown={(e) => {
                  const step = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
                  if (!step) return;
                  const next = TABS[(i + step + TABS.length) % TABS.length]!;
                  setTab(next.id);
                  document.getElementById(`tab-${next.id}`)?.focus();
                }}
                className={cn(
                  "-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium",
                  focusRing,
                  tab === t.id ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900",
                )}
              >
                {t.label}
                {count ? (
                  <span className="rounded-full bg-red-100 px-1.5 text-xs text-red-800" aria-label={`${count} problems`}>
                    {count}
                  </span>
                ) : null}
              </button>
            );
          })}
        </div>

        <form onSubmit={save} noValidate data-testid="workflow-form">
          <fieldset disabled={!editable} className="min-w-0">
            <div role="tabpanel" id="panel-settings" aria-labelledby="tab-settings" hidden={tab !== "settings"}>
              <GeneralSettings workflow={workflow} />
            </div>
            <div role="tabpanel" id="panel-steps" aria-labelledby="tab-steps" hidden={tab !== "steps"}>
              <StepsEditor catalog={catalog} kind={workflow.type} editable={editable} />
            </div>
            <div role="tabpanel" id="panel-rules" aria-labelledby="tab-rules" hidden={tab !== "rules"}>
              <RulesEditor catalog={catalog} editable={editable} />
            </div>
          </fieldset>
        </form>
        <div role="tabpanel" id="panel-history" aria-labelledby="tab-history" hidden={tab !== "history"}>
          {tab === "history" ? <WorkflowHistory id={workflow.id} draftChanges={workflow.draftChanges} hasVersions={workflow.version !== null} /> : null}
        </div>
      </div>

      <Modal
        open={confirm === "publish"}
        onClose={() => setConfirm(null)}
        title={published ? `Version ${published} published` : `Publish version ${nextVersion}?`}
        description={
          published
            ? `New sessions of ${workflow.name} now use version ${published}. Sessions already running keep the version they started on.`
            : `The saved draft becomes version ${nextVersion}, the version every new session uses. Published versions never change; sessions already running keep theirs.`
        }
        footer={
          published ? (
            <Button onClick={() => (setConfirm(null), setTab("history"))}>See the history</Button>
          ) : (
            <>
              <Button variant="secondary" onClick={() => setConfirm(null)}>
                Cancel
              </Button>
              <Button onClick={runPublish} loading={publish.isPending}>
                Publish version {nextVersion}
              </Button>
            </>
          )
        }
      >
        {publish.isError ? <FormError>{clientErrorInfo(publish.error).message}</FormError> : null}
      </Modal>

      <Modal
        open={confirm === "discard"}
        onClose={() => setConfirm(null)}
        title="Discard the draft?"
        description={`The draft's changes are thrown away and the draft becomes version ${workflow.version ?? ""} again. This cannot be undone.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirm(null)}>
              Keep the draft
            </Button>
            <Button variant="danger" onClick={runDiscard} loading={discard.isPending}>
              Discard draft
            </Button>
          </>
        }
      >
        {discard.isError ? <FormError>{clientErrorInfo(discard.error).message}</FormError> : null}
      </Modal>
    </FormProvider>
  );
}

function GeneralSettings({ workflow }: { workflow: TWorkflowForBuilder }) {
  return (
    <div className="space-y-5">
      <Card>
        <CardHeader title="Workflow" description="Set when the workflow was created." />
        <CardBody>
          <DescriptionList
            rows={[
              ["Name", workflow.name],
              ["Verifies", workflow.type === "kyc" ? "Individuals (KYC)" : "Businesses (KYB)"],
              ["Country", COUNTRY_NAMES[workflow.country as keyof typeof COUNTRY_NAMES] ?? workflow.country],
              [
                "Id",
                <span key="id" className="font-mono text-xs">
                  {workflow.id}
                </span>,
              ],
            ]}
          />
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Sessions" />
        <CardBody>
          <SchemaFields
            fields={GENERAL_FIELDS}
            base=""
            ordered
            custom={{ ttl_seconds: (path, f) => <TtlController path={path} label={f.label} hint={f.hint} /> }}
          />
        </CardBody>
      </Card>
    </div>
  );
}

function TtlController({ path, label, hint }: { path: string; label: string; hint?: string }) {
  const id = inputId(path);
  return (
    <Controller
      name={formPath(path)}
      render={({ field, formState }) => {
        const error = errorAt(formState.errors, path);
        return (
          <Field id={id} label={label} hint={hint} error={error}>
            <TtlField
              id={id}
              value={field.value as number | undefined}
              onChange={field.onChange}
              invalid={!!error}
              describedBy={describedBy(id, { hint, error })}
            />
          </Field>
        );
      }}
    />
  );
}

/** The problems of the last save attempt, each a button that opens its tab and focuses its input. */
function ErrorSummary({ onPick }: { onPick: (path: string) => void }) {
  const { formState, getValues } = useFormContext<WorkflowForm>();
  const problems = listErrors(formState.errors);
  const stepNames = (getValues("steps") ?? []).map((s) => s.name);
  if (!problems.length) return null;
  return (
    <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="error-summary">
      <p className="font-medium">{problems.length === 1 ? "1 problem" : `${problems.length} problems`} to fix before the draft can be saved:</p>
      <ul className="mt-1.5 list-disc space-y-0.5 pl-5">
        {problems.map((p) => (
          <li key={p.path}>
            <button
              type="button"
              className={cn("text-left underline decoration-red-300 hover:decoration-red-700", focusRing)}
              onClick={() => {
                onPick(p.path);
                requestAnimationFrame(() => document.getElementById(inputId(p.path))?.focus());
              }}
            >
              {describePath(p.path, stepNames)}
            </button>
            : {p.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * `steps.1.settings.fields.2.key` -> "Step 2 (documents) › Field 3 › Key": steps and rules by
 * position (and a step by name), list items singular with their position, keys by label.
 */
function describePath(path: string, stepNames: readonly string[]): string {
  const parts = path.split(".");
  const words: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i]!;
    const next = Number(parts[i + 1]);
    if (p === "settings" || p === "decision") continue;
    if (p === "when") words.push("Condition");
    else if (!Number.isInteger(next)) words.push(keyLabel(p));
    else {
      i++;
      if (p === "steps") words.push(`Step ${next + 1}${stepNames[next] ? ` (${stepNames[next]})` : ""}`);
      else if (p === "rules") words.push(`Rule ${next + 1}`);
      else words.push(`${keyLabel(p).replace(/s$/, "")} ${next + 1}`);
    }
  }
  return words.join(" › ") || "Workflow";
}
