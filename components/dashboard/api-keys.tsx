"use client";
/**
 * Developers page: the project's secret API keys of the current mode (create with a name;
 * the secret is shown once, with copy; revoke with confirmation; last used) and the allowed
 * origins of `redirect_url`. Roles without the permission see why instead of controls.
 */
import { DataTable } from "./data-table";
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
import { ZCreateApiKeyRequest, type TCreateApiKeyRequest } from "~/server/api-keys/manage-api-keys.schemas";
import { ZAllowedOriginRequest, type TAllowedOriginRequest } from "~/server/projects/project-settings.schemas";
import { PERMISSIONS } from "~/server/users/permissions";
import { CopyButton } from "./copy-button";
import { Modal } from "./modal";
import { applyServerError } from "./mutation-errors";
import { PageHeader } from "./page-header";
import { ErrorCard, LoadingCard, NoAccess } from "./query-states";
import { RelativeTime } from "./relative-time";
import { useWorkspace } from "./workspace";

export function DevelopersView() {
  const ws = useWorkspace();
  return (
    <div className="space-y-6">
      <PageHeader
        title="API keys"
        description="Secret keys authenticate your backend's requests to the API. Keep them on your servers, never in an app or a browser."
      />
      {ws.can("manageApiKeys") ? <ApiKeysCard /> : <NoAccess what="API keys" roles={PERMISSIONS.manageApiKeys} role={ws.role} />}
      <AllowedOriginsCard />
    </div>
  );
}

function ApiKeysCard() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const keys = useQuery(trpc.apiKeys.list.queryOptions(tenant));
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string; prefix: string } | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey(tenant) });

  const revoke = useMutation(trpc.apiKeys.revoke.mutationOptions({ onSuccess: () => void invalidate() }));

  const active = keys.data?.filter((k) => !k.revokedAt) ?? [];
  const revoked = keys.data?.filter((k) => k.revokedAt) ?? [];

  return (
    <Card data-testid="api-keys">
      <CardHeader
        title={`${ws.mode === "test" ? "Test" : "Live"} secret keys`}
        description={
          ws.mode === "test" ? (
            <>
              Test keys (<code className="font-mono text-[13px]">sk_test_</code>) see only test data and run every check against the sandbox.
            </>
          ) : (
            <>
              Live keys (<code className="font-mono text-[13px]">sk_live_</code>) verify real applicants against the real registries.
            </>
          )
        }
        actions={
          <Button size="sm" onClick={() => setCreating(true)}>
            Create secret key
          </Button>
        }
      />
      {keys.isPending ? (
        <LoadingCard label="Loading API keys" className="h-32 border-0 shadow-none" />
      ) : keys.isError ? (
        <div className="p-4">
          <ErrorCard what="API keys" message={keys.error.message} onRetry={() => void keys.refetch()} />
        </div>
      ) : active.length === 0 && revoked.length === 0 ? (
        <div className="px-6 py-10 text-center" data-testid="api-keys-empty">
          <p className="text-sm font-medium text-slate-900">No {ws.mode} keys yet</p>
          <p className="mt-1 text-sm text-slate-500">
            Create a key for each server or environment that calls the API, so you can revoke one without touching the others.
          </p>
        </div>
      ) : (
        <DataTable
          columns={[
            { label: "Name" },
            { label: "Token" },
            { label: "Last used" },
            { label: "Created" },
            { label: "Actions", className: "px-4 py-2.5", srOnly: true },
          ]}
        >
          {[...active, ...revoked].map((k) => (
            <tr key={k.id} data-testid="api-key-row" className={k.revokedAt ? "text-slate-500" : undefined}>
              <td className="px-4 py-3 font-medium text-slate-900">
                <span className={k.revokedAt ? "text-slate-500 line-through" : undefined}>{k.name || "Unnamed key"}</span>
                {k.revokedAt ? (
                  <Badge tone="gray" className="ml-2">
                    Revoked
                  </Badge>
                ) : null}
              </td>
              <td className="px-4 py-3 font-mono text-[13px] text-slate-600">{k.prefix}…</td>
              <td className="px-4 py-3 text-slate-600">
                {k.lastUsedAt ? <RelativeTime date={k.lastUsedAt} /> : <span className="text-slate-500">Never</span>}
              </td>
              <td className="px-4 py-3 text-slate-600">
                <RelativeTime date={k.createdAt} />
              </td>
              <td className="px-4 py-3 text-right">
                {k.revokedAt ? null : (
                  <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                    Revoke
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      <CreateKeyModal
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(name, secret) => {
          setCreating(false);
          setCreated({ name, secret });
          void invalidate();
        }}
      />

      <Modal
        open={!!created}
        onClose={() => setCreated(null)}
        dismissable={false}
        title="Save your secret key"
        description="This is the only time the key is shown. Store it in your server's secrets manager now; if you lose it, create a new one."
        footer={
          <Button onClick={() => setCreated(null)} data-testid="secret-done">
            Done
          </Button>
        }
      >
        {created ? (
          <div>
            <p className="mb-1.5 text-sm font-medium text-slate-800">{created.name}</p>
            <div className="flex items-center gap-2 rounded-md border border-slate-300 bg-slate-50 py-1.5 pr-1.5 pl-3">
              <code className="min-w-0 flex-1 font-mono text-[13px] break-all text-slate-900" data-testid="new-secret">
                {created.secret}
              </code>
              <CopyButton value={created.secret} label="Copy secret key" />
            </div>
          </div>
        ) : null}
      </Modal>

      <Modal
        open={!!revoking}
        onClose={() => {
          revoke.reset();
          setRevoking(null);
        }}
        size="sm"
        title={`Revoke "${revoking?.name ?? ""}"?`}
        description={`Requests with ${revoking?.prefix ?? ""}… fail with 401 immediately. This cannot be undone.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={revoke.isPending}
              onClick={() => revoking && revoke.mutate({ ...tenant, id: revoking.id }, { onSuccess: () => setRevoking(null) })}
            >
              Revoke key
            </Button>
          </>
        }
      >
        {revoke.error ? <FormError>{revoke.error.message}</FormError> : null}
      </Modal>
    </Card>
  );
}

function CreateKeyModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (name: string, secret: string) => void }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const form = useForm<TCreateApiKeyRequest>({ resolver: zodResolver(ZCreateApiKeyRequest), defaultValues: { name: "" } });
  const [formError, setFormError] = useState<string | null>(null);
  const create = useMutation(trpc.apiKeys.create.mutationOptions());
  const { errors } = form.formState;
  const close = () => {
    form.reset();
    setFormError(null);
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    create.mutate(
      { projectId: ws.project.id, mode: ws.mode, ...values },
      {
        onSuccess: (res) => {
          form.reset();
          onCreated(res.key.name, res.secret);
        },
        onError: (err) => setFormError(applyServerError(err, ["name"], form.setError)),
      },
    );
  });
  return (
    <Modal
      open={open}
      onClose={close}
      title={`Create a ${ws.mode} secret key`}
      description="Name it after where it will live, so you know what breaks if you revoke it."
    >
      <form onSubmit={submit} noValidate className="pb-5" id="create-key-form">
        <FormError className="mb-3">{formError}</FormError>
        <Field id="key-name" label="Name" error={errors.name?.message}>
          <Input
            {...form.register("name")}
            id="key-name"
            placeholder="e.g. Onboarding service (production)"
            autoComplete="off"
            autoFocus
            invalid={!!errors.name}
            aria-describedby={describedBy("key-name", { error: errors.name })}
          />
        </Field>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function AllowedOriginsCard() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const settings = useQuery(trpc.settings.get.queryOptions(tenant));
  const editable = ws.can("manageOrigins");
  const form = useForm<TAllowedOriginRequest>({ resolver: zodResolver(ZAllowedOriginRequest), defaultValues: { origin: "" } });
  const [formError, setFormError] = useState<string | null>(null);
  const onSaved = (origins: string[]) =>
    queryClient.setQueryData(trpc.settings.get.queryKey(tenant), (old) => (old ? { ...old, allowedOrigins: origins } : old));
  const add = useMutation(trpc.settings.addOrigin.mutationOptions());
  const remove = useMutation(trpc.settings.removeOrigin.mutationOptions({ onSuccess: onSaved }));
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    add.mutate(
      { ...tenant, origin: values.origin },
      {
        onSuccess: (origins) => {
          onSaved(origins);
          form.reset();
        },
        onError: (err) => setFormError(applyServerError(err, ["origin"], form.setError)),
      },
    );
  });

  return (
    <Card data-testid="allowed-origins">
      <CardHeader
        title="Allowed origins"
        description={
          <>
            A session&apos;s <code className="font-mono text-[13px]">redirect_url</code> must be on one of these origins (exact scheme, host and port). They
            apply to test and live mode.
          </>
        }
      />
      <CardBody>
        {settings.isPending ? (
          <p className="text-sm text-slate-500">Loading…</p>
        ) : settings.isError ? (
          <FormError>Could not load the allowed origins: {settings.error.message}</FormError>
        ) : settings.data.allowedOrigins.length === 0 ? (
          <p className="text-sm text-slate-500" data-testid="origins-empty">
            No origins yet: sessions cannot use <code className="font-mono text-[13px]">redirect_url</code> until you add one.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
            {settings.data.allowedOrigins.map((o) => (
              <li key={o} className="flex items-center justify-between gap-3 px-3 py-2" data-testid="origin-row">
                <span className="font-mono text-[13px] text-slate-900">{o}</span>
                {editable ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${o}`}
                    loading={remove.isPending && remove.variables?.origin === o}
                    onClick={() => remove.mutate({ ...tenant, origin: o })}
                  >
                    Remove
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {remove.error ? <FormError className="mt-3">{remove.error.message}</FormError> : null}
        {editable ? (
          <form onSubmit={submit} noValidate className="mt-4">
            <FormError className="mb-3">{formError}</FormError>
            <Field
              id="origin"
              label="Add an origin"
              hint="For example https://app.example.com or http://localhost:3000 while developing."
              error={errors.origin?.message}
            >
              <div className="flex gap-2">
                <Input
                  {...form.register("origin")}
                  id="origin"
                  placeholder="https://app.example.com"
                  autoComplete="off"
                  inputMode="url"
                  className="max-w-md"
                  invalid={!!errors.origin}
                  aria-describedby={describedBy("origin", { hint: true, error: errors.origin })}
                />
                <Button type="submit" variant="secondary" loading={add.isPending}>
                  Add
                </Button>
              </div>
            </Field>
          </form>
        ) : (
          <p className="mt-3 text-xs text-slate-500">Owners, administrators and developers can change these.</p>
        )}
      </CardBody>
    </Card>
  );
}
