"use client";
/**
 * Settings card: the project's DigiLocker Authorized Partner credentials for live mode
 * (server/digilocker/digilocker-settings.ts). The secret is write-only (stored sealed; the card
 * only says whether one is set). Test mode always uses the sandbox DigiLocker. Owners and admins
 * change them, everyone else reads them.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { useTRPC } from "~/components/trpc/react";
import { type TDigilockerSettingsRequest, type TDigilockerSettingsView, ZDigilockerSettingsRequest } from "~/server/digilocker/digilocker-settings.schemas";
import { applyServerError } from "./mutation-errors";
import { ErrorCard, LoadingCard } from "./query-states";
import { useWorkspace } from "./workspace";

export function DigilockerSettingsCard() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const view = useQuery(trpc.settings.digilocker.queryOptions(tenant));
  if (view.isPending) return <LoadingCard label="Loading DigiLocker settings" className="h-32" />;
  if (view.isError) return <ErrorCard what="the DigiLocker settings" message={view.error.message} onRetry={() => void view.refetch()} />;
  return <DigilockerForm key={`${ws.project.id}-${view.data.clientId ?? ""}`} view={view.data} editable={ws.can("manageSettings")} />;
}

function DigilockerForm({ view, editable }: { view: TDigilockerSettingsView; editable: boolean }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const form = useForm<TDigilockerSettingsRequest>({
    resolver: zodResolver(ZDigilockerSettingsRequest),
    defaultValues: { clientId: view.clientId ?? "", clientSecret: "", redirectUri: view.redirectUri ?? view.suggestedRedirectUri },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const store = (next: TDigilockerSettingsView) => queryClient.setQueryData(trpc.settings.digilocker.queryKey(tenant), next);
  const save = useMutation(trpc.settings.setDigilocker.mutationOptions());
  const remove = useMutation(trpc.settings.removeDigilocker.mutationOptions({ onSuccess: store }));
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    setSaved(false);
    save.mutate(
      { ...tenant, ...values },
      {
        onSuccess: (next) => {
          setSaved(true);
          store(next);
        },
        onError: (err) => setFormError(applyServerError(err, ["clientId", "clientSecret", "redirectUri"], form.setError)),
      },
    );
  });

  return (
    <Card data-testid="digilocker-settings">
      <CardHeader
        title="DigiLocker (live mode)"
        description={`The Authorized Partner credentials DigiLocker issued for this project, used by the DigiLocker step of live sessions (${view.baseUrl}). Test mode always uses the sandbox DigiLocker.`}
      />
      <CardBody>
        <form onSubmit={submit} noValidate className="max-w-xl space-y-5">
          <p className="text-sm" data-testid="digilocker-status">
            {view.configured ? <Badge tone="green">Configured</Badge> : <Badge tone="amber">Not configured: live DigiLocker steps offer their fallback</Badge>}
          </p>
          <FormError>{formError}</FormError>
          <Field id="digilocker-client-id" label="Client id" error={errors.clientId?.message}>
            <Input
              {...form.register("clientId")}
              id="digilocker-client-id"
              autoComplete="off"
              disabled={!editable}
              invalid={!!errors.clientId}
              aria-describedby={describedBy("digilocker-client-id", { error: errors.clientId })}
            />
          </Field>
          <Field
            id="digilocker-client-secret"
            label="Client secret"
            hint={view.configured ? "Stored encrypted and never shown. Leave empty to keep it." : "Stored encrypted and never shown again."}
            error={errors.clientSecret?.message}
          >
            <Input
              {...form.register("clientSecret")}
              id="digilocker-client-secret"
              type="password"
              autoComplete="new-password"
              disabled={!editable}
              invalid={!!errors.clientSecret}
              aria-describedby={describedBy("digilocker-client-secret", { hint: true, error: errors.clientSecret })}
            />
          </Field>
          <Field
            id="digilocker-redirect-uri"
            label="Redirect URI"
            hint={`Register this exact address with DigiLocker. This deployment's callback is ${view.suggestedRedirectUri}.`}
            error={errors.redirectUri?.message}
          >
            <Input
              {...form.register("redirectUri")}
              id="digilocker-redirect-uri"
              disabled={!editable}
              invalid={!!errors.redirectUri}
              aria-describedby={describedBy("digilocker-redirect-uri", { hint: true, error: errors.redirectUri })}
            />
          </Field>
          {editable ? (
            <div className="flex items-center justify-end gap-3 border-t border-slate-200 pt-4">
              {saved ? (
                <span role="status" className="text-sm text-emerald-700">
                  Saved
                </span>
              ) : null}
              {view.configured ? (
                <Button variant="secondary" loading={remove.isPending} onClick={() => remove.mutate(tenant)} data-testid="digilocker-remove">
                  Remove
                </Button>
              ) : null}
              <Button type="submit" loading={save.isPending} data-testid="digilocker-save">
                Save
              </Button>
            </div>
          ) : null}
        </form>
      </CardBody>
    </Card>
  );
}
