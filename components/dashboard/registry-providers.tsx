"use client";
/**
 * Settings card: which live registry adapter answers each registry check of the project
 * (server/projects/registry-providers.ts). Test mode always uses the sandbox; owners and admins
 * change the selection, everyone else reads it.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "~/components/ui/badge";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { Select } from "~/components/ui/select";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import type { TRegistryProviderChoice } from "~/server/projects/registry-providers.schemas";
import { ErrorCard, LoadingCard } from "./query-states";
import { useWorkspace } from "./workspace";

export function RegistryProvidersCard() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const choices = useQuery(trpc.settings.registryProviders.queryOptions(tenant));
  if (choices.isPending) return <LoadingCard label="Loading registry providers" className="h-32" />;
  if (choices.isError) return <ErrorCard what="the registry providers" message={choices.error.message} onRetry={() => void choices.refetch()} />;
  return (
    <Card data-testid="registry-providers">
      <CardHeader
        title="Registry providers (live mode)"
        description="Which provider answers each registry check of live sessions. Test mode always answers from the sandbox. Credentials are set on the server, not here."
      />
      <CardBody className="p-0">
        <ul className="divide-y divide-slate-100">
          {choices.data.map((choice) => (
            <ProviderRow key={choice.key} choice={choice} editable={ws.can("manageSettings")} />
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

function ProviderRow({ choice, editable }: { choice: TRegistryProviderChoice; editable: boolean }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(
    trpc.settings.setRegistryProvider.mutationOptions({
      onSuccess: (next) => {
        setError(null);
        queryClient.setQueryData(trpc.settings.registryProviders.queryKey(tenant), next);
      },
      onError: (e) => setError(clientErrorInfo(e).message),
    }),
  );
  const id = `provider-${choice.key.replaceAll(".", "-")}`;
  const effective = choice.adapters.find((a) => a.name === choice.effective);
  const selected = choice.adapters.find((a) => a.name === choice.selected);
  return (
    <li className="grid gap-3 px-6 py-4 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-center">
      <div className="min-w-0">
        <label htmlFor={id} className="font-mono text-sm text-slate-900">
          {choice.key}
        </label>
        <p className="mt-0.5 text-sm text-slate-500">{choice.description}</p>
        <p className="mt-1 text-xs text-slate-500" data-testid={`${id}-effective`}>
          {effective ? (
            <>Live checks go to {effective.label}.</>
          ) : selected ? (
            <span className="text-amber-700">{selected.label} is selected, but its credentials are not set on the server: live checks end in error.</span>
          ) : (
            <span className="text-amber-700">No provider: live checks end in error (provider_not_configured).</span>
          )}
        </p>
        {error ? (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        ) : null}
      </div>
      {choice.adapters.length === 0 ? (
        <Badge>No live adapter available</Badge>
      ) : (
        <Select
          id={id}
          disabled={!editable || save.isPending}
          value={choice.selected ?? ""}
          onChange={(e) => save.mutate({ ...tenant, checkKey: choice.key, adapter: (e.target.value || null) as TRegistryProviderChoice["selected"] })}
        >
          <option value="">Server default</option>
          {choice.adapters.map((a) => (
            <option key={a.name} value={a.name}>
              {a.label}
              {a.configured ? "" : " (credentials not set)"}
            </option>
          ))}
        </Select>
      )}
    </li>
  );
}
