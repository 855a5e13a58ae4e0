"use client";
/**
 * /dashboard/ckyc: the CKYC upload queue of the project and mode. Approved sessions of a CKYC-route
 * workflow upload their KYC record to CKYCR within 7 days (RBI KYC Directions); this lists each
 * upload with its state, attempts, the deadline (overdue ones marked) and the registry's error,
 * failed ones first, and queues a failed upload again.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Badge, type BadgeTone } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Spinner } from "~/components/ui/spinner";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import type { TCkycUploadQueueItem } from "~/server/ckyc/ckyc-upload.schemas";
import { DataTable } from "../data-table";
import { PageHeader } from "../page-header";
import { formatAbsolute, RelativeTime } from "../relative-time";
import { useWorkspace } from "../workspace";

const STATUSES = ["queued", "submitted", "succeeded", "failed"] as const;
type Status = (typeof STATUSES)[number];
const TONE: Record<Status, BadgeTone> = { queued: "gray", submitted: "blue", succeeded: "green", failed: "red" };
const LABEL: Record<Status, string> = { queued: "Queued", submitted: "Under process", succeeded: "Uploaded", failed: "Failed" };

export function CkycUploadsView() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const [status, setStatus] = useState<Status | undefined>(undefined);
  const queue = useQuery(trpc.ckyc.uploads.queryOptions({ projectId: ws.project.id, mode: ws.mode, status }));
  const counts = queue.data?.counts;
  return (
    <div>
      <PageHeader
        title="CKYC uploads"
        description="The KYC records of approved CKYC-route customers, uploaded to the Central KYC Registry within 7 days of onboarding (RBI KYC Directions). Failed and overdue uploads need attention."
        actions={
          <div className="flex items-center gap-2">
            <Label htmlFor="ckyc-status-filter" className="text-slate-600">
              State
            </Label>
            <Select
              id="ckyc-status-filter"
              className="w-44"
              value={status ?? ""}
              onChange={(e) => setStatus((e.target.value || undefined) as Status | undefined)}
            >
              <option value="">All</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LABEL[s]}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      {counts ? (
        <p className="mb-3 text-sm text-slate-600" data-testid="ckyc-counts">
          {counts.failed} failed · {counts.queued + counts.submitted} in progress · {counts.succeeded} uploaded · {counts.overdue} overdue
        </p>
      ) : null}
      {queue.isPending ? (
        <Card className="flex h-48 items-center justify-center text-slate-500">
          <Spinner className="size-5" label="Loading CKYC uploads" />
        </Card>
      ) : queue.isError ? (
        <FormError>Could not load the CKYC uploads: {queue.error.message}</FormError>
      ) : !queue.data.data.length ? (
        <Card className="px-6 py-12 text-center">
          <p className="text-sm font-medium text-slate-900">No CKYC uploads{status ? ` ${LABEL[status].toLowerCase()}` : ""}</p>
          <p className="mt-1 text-sm text-slate-500">An upload is queued when a {ws.mode} session of a workflow with a CKYC step is approved.</p>
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <DataTable
            columns={[
              { label: "Session" },
              { label: "State" },
              { label: "Deadline" },
              { label: "Attempts" },
              { label: "CKYC number / error" },
              { label: "Action", srOnly: true },
            ]}
          >
            {queue.data.data.map((u) => (
              <UploadRow key={u.id} upload={u} />
            ))}
          </DataTable>
        </Card>
      )}
    </div>
  );
}

function UploadRow({ upload: u }: { upload: TCkycUploadQueueItem }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const retry = useMutation(
    trpc.ckyc.retryUpload.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.ckyc.uploads.pathKey() }) }),
  );
  return (
    <tr data-testid="ckyc-upload-row" data-status={u.status}>
      <td className="px-4 py-2.5 font-mono text-xs">
        <Link href={ws.href(`/dashboard/sessions/${u.session_id}`)} className="text-brand-700 hover:underline">
          {u.session_id}
        </Link>
      </td>
      <td className="px-4 py-2.5">
        <Badge tone={TONE[u.status]} dot>
          {LABEL[u.status]}
        </Badge>
        {u.overdue ? (
          <Badge tone="orange" className="ml-2">
            Overdue
          </Badge>
        ) : null}
      </td>
      <td className="px-4 py-2.5 whitespace-nowrap text-slate-600" title={formatAbsolute(u.deadline_at)}>
        <RelativeTime date={u.deadline_at} />
      </td>
      <td className="px-4 py-2.5 text-slate-600">{u.attempts}</td>
      <td className="px-4 py-2.5 text-xs">
        {u.ckyc_number_masked ? (
          <span className="font-mono text-slate-900">{u.ckyc_number_masked}</span>
        ) : u.error_code ? (
          <span className="text-red-700">
            <span className="font-mono">{u.error_code}</span>
            {u.error_message ? `: ${u.error_message}` : ""}
          </span>
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </td>
      <td className="px-4 py-2.5 text-right">
        {u.status === "failed" && ws.can("manageWorkflows") ? (
          <Button
            size="sm"
            variant="secondary"
            loading={retry.isPending}
            onClick={() => retry.mutate({ projectId: ws.project.id, mode: ws.mode, uploadId: u.id })}
            data-testid="ckyc-retry"
          >
            Retry
          </Button>
        ) : null}
        {retry.isError ? <span className="ml-2 text-xs text-red-700">{clientErrorInfo(retry.error).message}</span> : null}
      </td>
    </tr>
  );
}
