"use client";
/**
 * Settings card: which live registry adapters answer each registry check of the project, in failover
 * order (server/projects/registry-providers.ts). Test mode always uses the sandbox; owners and admins
 * change the order, everyone else reads it.
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
        description="Which providers answer each registry check of live sessions, in order: when one is unavailable or times out, the next is asked. Test mode always answers from the sandbox. Credentials are set on the server, not here."
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
  const labelOf = (name: string) => choice.adapters.find((a) => a.name === name)?.label;
  const effective = choice.effective.flatMap((name) => labelOf(name) ?? []);
  const order = choice.selected ?? [];
  /** The order with position `i` set to `name` ("" clears it and every later position). */
  const reorder = (i: number, name: string) => {
    const next = [...order.slice(0, i), ...(name ? [name as Adapter] : [])];
    const rest = name ? order.slice(i + 1).filter((a) => a !== name) : [];
    const adapters = [...next, ...rest];
    save.mutate({ ...tenant, checkKey: choice.key, adapters: adapters.length ? adapters : null });
  };
  // one select per position: the chosen ones, then one more while adapters remain
  const positions = Math.min(order.length + 1, choice.adapters.length);
  return (
    <li className="grid gap-3 px-6 py-4 sm:grid-cols-[minmax(0,1fr)_16rem] sm:items-center">
      <div className="min-w-0">
        <label htmlFor={`${id}-0`} className="font-mono text-sm text-slate-900">
          {choice.key}
        </label>
        <p className="mt-0.5 text-sm text-slate-500">{choice.description}</p>
        <p className="mt-1 text-xs text-slate-500" data-testid={`${id}-effective`}>
          {effective.length ? (
            <>Live checks go to {effective.join(", then ")}.</>
          ) : order.length ? (
            <span className="text-amber-700">
              {order.map(labelOf).join(", ")} {order.length > 1 ? "are" : "is"} selected, but no credentials are set on the server: live checks end in error.
            </span>
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
        <div className="grid gap-2">
          {Array.from({ length: positions }, (_, i) => (
            <Select
              key={i}
              id={`${id}-${i}`}
              aria-label={i === 0 ? `${choice.key}: first provider` : `${choice.key}: provider ${i + 1} (failover)`}
              disabled={!editable || save.isPending}
              value={order[i] ?? ""}
              onChange={(e) => reorder(i, e.target.value)}
            >
              <option value="">{i === 0 ? "Server default" : "No further failover"}</option>
              {choice.adapters
                .filter((a) => !order.slice(0, i).includes(a.name))
                .map((a) => (
                  <option key={a.name} value={a.name}>
                    {a.label}
                    {a.configured ? "" : " (credentials not set)"}
                  </option>
                ))}
            </Select>
          ))}
        </div>
      )}
    </li>
  );
}

type Adapter = NonNullable<TRegistryProviderChoice["selected"]>[number];
