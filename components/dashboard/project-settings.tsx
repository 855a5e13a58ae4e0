"use client";
/**
 * Settings page: the project's name and data retention, and the hosted flow's branding (logo
 * and accent colour, with a live preview). Every role reads them; owners and admins change them,
 * and create and archive projects (./projects-card.tsx).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { describedBy, Field } from "~/components/ui/field";
import { FieldError, FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import {
  contrastWithWhite,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  RETENTION_DAYS,
  ZProjectSettingsRequest,
  type TProjectSettings,
  type TProjectSettingsRequest,
} from "~/server/projects/project-settings.schemas";
import { applyServerError } from "./mutation-errors";
import { PageHeader } from "./page-header";
import { DigilockerSettingsCard } from "./digilocker-settings";
import { ProjectsCard } from "./projects-card";
import { RegistryProvidersCard } from "./registry-providers";
import { RiskReviewYearsCard } from "./risk-review-years";
import { ReasonCodesSettings } from "./review/reason-codes-settings";
import { ErrorCard, LoadingCard } from "./query-states";
import { useWorkspace } from "./workspace";

const DEFAULT_BRAND = "#2a55e0";

export function SettingsView() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const settings = useQuery(trpc.settings.get.queryOptions({ projectId: ws.project.id, mode: ws.mode }));
  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description={`Project ${ws.project.name} in ${ws.organization.name}. These settings apply to test and live mode.`} />
      {!ws.can("manageSettings") ? (
        <p className="rounded-md border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600" data-testid="settings-read-only">
          You can view these settings; owners and administrators can change them.
        </p>
      ) : null}
      {settings.isPending ? (
        <LoadingCard label="Loading settings" />
      ) : settings.isError ? (
        <ErrorCard what="the settings" message={settings.error.message} onRetry={() => void settings.refetch()} />
      ) : (
        // remount the form when another project is selected
        <SettingsForm key={settings.data.id} settings={settings.data} />
      )}
      <RegistryProvidersCard />
      <DigilockerSettingsCard />
      <RiskReviewYearsCard />
      <ReasonCodesSettings />
      <ProjectsCard />
    </div>
  );
}

function SettingsForm({ settings }: { settings: TProjectSettings }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const editable = ws.can("manageSettings");
  const form = useForm<TProjectSettingsRequest>({
    resolver: zodResolver(ZProjectSettingsRequest),
    defaultValues: { name: settings.name, retentionDays: settings.retentionDays, brandColor: settings.branding.brandColor },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const update = useMutation(trpc.settings.update.mutationOptions());
  const { errors, isDirty } = form.formState;
  const brandColor = useWatch({ control: form.control, name: "brandColor" });
  const validColor = brandColor && /^#[0-9a-fA-F]{6}$/.test(brandColor) ? brandColor : null;
  const contrast = validColor ? contrastWithWhite(validColor) : null;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    setSaved(false);
    update.mutate(
      { ...tenant, ...values },
      {
        onSuccess: (next) => {
          queryClient.setQueryData(trpc.settings.get.queryKey(tenant), next);
          form.reset({ name: next.name, retentionDays: next.retentionDays, brandColor: next.branding.brandColor });
          setSaved(true);
        },
        onError: (err) => setFormError(applyServerError(err, ["name", "retentionDays", "brandColor"], form.setError)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-6" data-testid="settings-form">
      <FormError>{formError}</FormError>
      <Card>
        <CardHeader title="General" />
        <CardBody className="space-y-5">
          <Field id="project-name" label="Project name" error={errors.name?.message} className="max-w-md">
            <Input
              {...form.register("name")}
              id="project-name"
              disabled={!editable}
              invalid={!!errors.name}
              aria-describedby={describedBy("project-name", { error: errors.name })}
            />
          </Field>
          <Field
            id="retention-days"
            label="Data retention"
            hint={`Days the personal data of a finished session is kept (${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}) when its workflow has no consent step; a consent step's notice states its own period, and that one applies. Then the data is erased within the hour, as by the API's erasure; the decision record is always kept.`}
            error={errors.retentionDays?.message}
            className="max-w-md"
          >
            <div className="flex items-center gap-2">
              <div className="w-32">
                <Input
                  {...form.register("retentionDays", { valueAsNumber: true })}
                  id="retention-days"
                  type="number"
                  inputMode="numeric"
                  min={RETENTION_DAYS.min}
                  max={RETENTION_DAYS.max}
                  disabled={!editable}
                  invalid={!!errors.retentionDays}
                  aria-describedby={describedBy("retention-days", { hint: true, error: errors.retentionDays })}
                />
              </div>
              <span className="text-sm text-slate-600">days</span>
            </div>
          </Field>
        </CardBody>
      </Card>

      <Card>
        <CardHeader title="Hosted flow branding" description="Applicants see your logo and colour on the verification pages." />
        <CardBody className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
          <div className="space-y-5">
            <LogoField logoUrl={settings.branding.logoUrl} editable={editable} />
            <Field
              id="brand-color"
              label="Brand colour"
              hint="Used for buttons and highlights. Leave empty for the default blue."
              error={errors.brandColor?.message}
              className="max-w-md"
            >
              <div className="flex items-center gap-2">
                <input
                  type="color"
                  aria-label="Pick a brand colour"
                  value={validColor ?? DEFAULT_BRAND}
                  disabled={!editable}
                  onChange={(e) => form.setValue("brandColor", e.target.value, { shouldDirty: true, shouldValidate: true })}
                  className="h-10 w-12 cursor-pointer rounded-md border border-slate-300 bg-white p-1 disabled:cursor-not-allowed"
                />
                <div className="w-36">
                  <Input
                    {...form.register("brandColor", { setValueAs: (v: string | null) => (v === "" || v === null ? null : v) })}
                    id="brand-color"
                    placeholder={DEFAULT_BRAND}
                    className="font-mono"
                    disabled={!editable}
                    invalid={!!errors.brandColor}
                    aria-describedby={describedBy("brand-color", { hint: true, error: errors.brandColor })}
                  />
                </div>
                {brandColor && editable ? (
                  <Button variant="ghost" size="sm" onClick={() => form.setValue("brandColor", null, { shouldDirty: true, shouldValidate: true })}>
                    Use default
                  </Button>
                ) : null}
              </div>
              {contrast !== null && contrast < 3 ? (
                <p className="mt-1.5 text-sm text-amber-800" data-testid="contrast-warning">
                  White text on this colour is hard to read (contrast {contrast.toFixed(1)}:1, aim for 4.5:1). Pick a darker shade.
                </p>
              ) : null}
            </Field>
          </div>
          <FlowPreview color={validColor ?? DEFAULT_BRAND} logoUrl={settings.branding.logoUrl} organizationName={ws.organization.name} />
        </CardBody>
      </Card>

      {editable ? (
        <div className="flex items-center justify-end gap-3">
          {saved && !isDirty ? (
            <p role="status" className="text-sm text-emerald-700">
              Settings saved
            </p>
          ) : null}
          <Button type="button" variant="secondary" disabled={!isDirty || update.isPending} onClick={() => form.reset()}>
            Discard changes
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!isDirty}>
            Save changes
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** Reads a File as base64 (no data: prefix). */
function toBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ""));
    reader.onerror = () => reject(reader.error ?? new Error("The file could not be read."));
    reader.readAsDataURL(file);
  });
}

function LogoField({ logoUrl, editable }: { logoUrl: string | null; editable: boolean }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const input = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const onBranding = (branding: TProjectSettings["branding"]) =>
    queryClient.setQueryData(trpc.settings.get.queryKey(tenant), (old) => (old ? { ...old, branding: { ...old.branding, logoUrl: branding.logoUrl } } : old));
  const upload = useMutation(trpc.settings.setLogo.mutationOptions({ onSuccess: onBranding, onError: (e) => setError(clientErrorInfo(e).message) }));
  const remove = useMutation(trpc.settings.removeLogo.mutationOptions({ onSuccess: onBranding, onError: (e) => setError(clientErrorInfo(e).message) }));

  async function onFile(file: File | undefined) {
    setError(null);
    if (!file) return;
    if (!(file.type in LOGO_TYPES)) return setError("Upload a PNG, SVG or WebP image.");
    if (file.size > LOGO_MAX_BYTES) return setError(`The logo is larger than 512 KiB (this file is ${Math.ceil(file.size / 1024)} KiB).`);
    try {
      upload.mutate({ ...tenant, contentBase64: await toBase64(file) });
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <div>
      <p className="text-sm font-medium text-slate-800" id="logo-label">
        Logo
      </p>
      <p className="mt-0.5 text-sm text-slate-500" id="logo-hint">
        PNG, SVG or WebP, at most 512 KiB. A wide logo about 40 px high works best.
      </p>
      <div className="mt-2 flex items-center gap-4">
        <div className="flex h-16 w-40 items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 p-2" data-testid="logo-preview">
          {logoUrl ? (
            // a plain img: a user upload of unknown size, served by our own route
            <img src={logoUrl} alt="Current logo" className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-xs text-slate-500">No logo</span>
          )}
        </div>
        {editable ? (
          <div className="flex gap-2">
            <input
              ref={input}
              type="file"
              accept={Object.keys(LOGO_TYPES).join(",")}
              className="sr-only"
              id="logo-file"
              aria-labelledby="logo-label"
              aria-describedby={error ? "logo-hint logo-error" : "logo-hint"}
              onChange={(e) => {
                void onFile(e.target.files?.[0]);
                e.target.value = "";
              }}
            />
            <Button variant="secondary" size="sm" loading={upload.isPending} onClick={() => input.current?.click()}>
              {logoUrl ? "Replace logo" : "Upload logo"}
            </Button>
            {logoUrl ? (
              <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => remove.mutate(tenant)}>
                Remove
              </Button>
            ) : null}
          </div>
        ) : null}
      </div>
      <FieldError id="logo-error">{error}</FieldError>
    </div>
  );
}

/** A small mock of the hosted flow's first screen in the chosen colours. */
function FlowPreview({ color, logoUrl, organizationName }: { color: string; logoUrl: string | null; organizationName: string }) {
  return (
    <div
      aria-label="Preview of the hosted flow"
      role="img"
      className="mx-auto w-full max-w-[18rem] rounded-xl border border-slate-200 bg-slate-50 p-3 shadow-inner"
    >
      <div className="rounded-lg bg-white p-4 shadow-sm">
        <div className="flex h-8 items-center">
          {logoUrl ? (
            // a plain img: preview of the user's upload
            <img src={logoUrl} alt="" className="max-h-8 max-w-[10rem] object-contain" />
          ) : (
            <span className="text-sm font-semibold text-slate-900">{organizationName}</span>
          )}
        </div>
        <p className="mt-4 text-sm font-semibold text-slate-900">Verify your identity</p>
        <p className="mt-1 text-xs text-slate-500">It takes about 3 minutes. Keep your PAN card ready.</p>
        <div className="mt-3 h-1.5 rounded-full bg-slate-100">
          <div className="h-1.5 w-1/3 rounded-full" style={{ background: color }} />
        </div>
        <div className="mt-4 flex h-9 items-center justify-center rounded-md text-sm font-medium text-white" style={{ background: color }}>
          Continue
        </div>
      </div>
    </div>
  );
}
