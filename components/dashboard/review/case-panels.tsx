"use client";
/**
 * Cards of the reviewer's case view (components/dashboard/session-case.tsx) beyond the steps:
 * why the session is in review, document fields as extracted beside what the applicant
 * confirmed, duplicates, related sessions, the assignee with claim / release, and the queue
 * neighbours for j / k.
 */
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import { useTRPC } from "~/components/trpc/react";
import { SessionStatusBadge } from "../status-badge";
import type { SessionCase } from "../types";
import { useWorkspace } from "../workspace";
import { useClaim } from "./claim";
import { Kbd, useShortcuts } from "./shortcuts";
import { BusinessTree } from "../kyb/business-tree";

/** The rules that sent the session to review, with their descriptions from the workflow version. */
export function ReviewReasonsCard({ reasons }: { reasons: SessionCase["reasons"] }) {
  if (!reasons.length) return null;
  return (
    <Card>
      <CardHeader title="Why this needs review" description="Decision rules that sent the session to a reviewer." />
      <CardBody>
        <ul className="space-y-2 text-sm" data-testid="review-reasons">
          {reasons.map((r) => (
            <li key={r.name} className="flex flex-wrap items-baseline gap-2">
              <Badge tone="amber">
                <span className="font-mono">{r.name}</span>
              </Badge>
              {r.description ? <span className="text-slate-700">{r.description}</span> : null}
            </li>
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}

const fieldLabel = (key: string) => key.replaceAll("_", " ");

/** Per document: each field as read from the images (with confidence) beside the applicant's confirmed value. */
export function DocumentFieldsCard({ documents }: { documents: SessionCase["documents"] }) {
  if (!documents.length) return null;
  return (
    <Card data-testid="document-fields">
      <CardHeader title="Document fields" description="Read from the images beside what the applicant confirmed; differences are highlighted." />
      {documents.map((d) => {
        const keys = [...new Set([...Object.keys(d.fields ?? {}), ...Object.keys(d.confirmed ?? {})])];
        return (
          <div key={d.id} className="border-t border-slate-100 first:border-t-0">
            <p className="px-5 pt-3 text-xs font-medium tracking-wide text-slate-500 uppercase">
              {fieldLabel(d.documentType)} · {d.step}
              {d.status !== "completed" ? (
                <span className="ml-2 normal-case">
                  ({d.status}
                  {d.errorCode ? `: ${d.errorCode}` : ""})
                </span>
              ) : null}
            </p>
            {keys.length ? (
              <table className="mt-1 w-full text-left text-sm">
                <thead className="text-xs text-slate-500">
                  <tr className="border-b border-slate-100">
                    <th scope="col" className="w-40 px-5 py-2 font-medium">
                      Field
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Extracted
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Confirmed by applicant
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {keys.map((k) => {
                    const extracted = d.fields?.[k];
                    const confirmed = d.confirmed?.[k];
                    const differs = d.confirmed !== null && (extracted?.value ?? null) !== (confirmed ?? null);
                    return (
                      <tr key={k} className={cn("border-b border-slate-100", differs && "bg-red-50")} data-verdict={differs ? "mismatch" : "match"}>
                        <th scope="row" className="px-5 py-2 font-normal text-slate-600 capitalize">
                          {fieldLabel(k)}
                        </th>
                        <td className="px-3 py-2">
                          {extracted ? (
                            <>
                              <span className={cn("font-medium", !extracted.valid && "text-red-800")}>{extracted.value}</span>
                              <span className="ml-2 text-xs text-slate-600">
                                {extracted.source} · {Math.round(extracted.confidence * 100)}%{extracted.problem ? ` · ${extracted.problem}` : ""}
                              </span>
                            </>
                          ) : (
                            <span className="text-slate-600">not read</span>
                          )}
                        </td>
                        <td className={cn("px-3 py-2 font-medium", differs ? "text-red-800" : "text-slate-900")}>
                          {d.confirmed === null ? (
                            <span className="font-normal text-slate-600">not confirmed yet</span>
                          ) : (
                            (confirmed ?? <span className="text-slate-600">—</span>)
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            ) : (
              <p className="px-5 py-3 text-sm text-slate-500">No fields were read from this document.</p>
            )}
            {d.signals.length ? (
              <ul className="flex flex-wrap gap-1.5 px-5 py-3">
                {d.signals.map((s, i) => (
                  <li key={`${s.code}-${s.field ?? ""}-${i}`}>
                    <Badge tone={s.severity === "review" ? "amber" : "gray"}>
                      <span className="font-mono">{s.code}</span>
                      {s.field ? <span>· {fieldLabel(s.field)}</span> : null}
                    </Badge>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      })}
    </Card>
  );
}

/** Earlier sessions that share an identity signal, each linked, with the signals and their status. */
export function DuplicatesCard({ duplicates }: { duplicates: SessionCase["duplicates"] }) {
  const ws = useWorkspace();
  return (
    <Card data-testid="duplicates">
      <CardHeader title="Possible duplicates" description={duplicates.length ? "Earlier sessions of this project sharing an identity signal." : undefined} />
      {duplicates.length ? (
        <ul className="divide-y divide-slate-100">
          {duplicates.map((d) => (
            <li key={d.sessionId} className="flex flex-wrap items-center gap-2 px-5 py-2.5 text-sm">
              <Link href={ws.href(`/dashboard/sessions/${d.sessionId}`)} className="font-mono text-[13px] text-brand-700 hover:underline">
                {d.sessionId}
              </Link>
              {d.status ? <SessionStatusBadge status={d.status} /> : null}
              <span className="flex flex-wrap gap-1">
                {d.signals.map((s) => (
                  <Badge key={s} tone="violet">
                    same {s.replaceAll("_", " ")}
                  </Badge>
                ))}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="px-5 py-4 text-sm text-slate-500">No earlier session shares a PAN, Aadhaar, phone, email, GSTIN or bank account with this one.</p>
      )}
    </Card>
  );
}

/** The parent and child sessions (a KYB business and its people), with role and status. */
export function RelatedSessionsCard({ session }: { session: SessionCase["session"] }) {
  const ws = useWorkspace();
  const related = session.related_sessions ?? [];
  // a business and its key people: one tree (components/dashboard/kyb/), seen from either side
  const inBusiness = session.type === "kyb" || related.some((r) => r.role === "parent");
  if (!related.length && !inBusiness) return null;
  return (
    <Card data-testid="related-sessions">
      <CardHeader title="Related sessions" />
      {inBusiness ? (
        <BusinessTree sessionId={session.id} />
      ) : (
        <ul className="divide-y divide-slate-100">
          {related.map((r) => (
            <li key={r.id} className="flex items-center gap-2 px-5 py-2.5 text-sm">
              <span className="w-24 text-xs text-slate-500 capitalize">{(r.role ?? "related").replaceAll("_", " ")}</span>
              <Link href={ws.href(`/dashboard/sessions/${r.id}`)} className="font-mono text-[13px] text-brand-700 hover:underline">
                {r.id}
              </Link>
              <span className="ml-auto">
                <SessionStatusBadge status={r.status as SessionCase["session"]["status"]} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** Who has the session, and Claim / Take over / Release (`c` claims). */
export function CaseAssignee({ data }: { data: SessionCase }) {
  const ws = useWorkspace();
  const { claim, release, dialog, pendingId, error } = useClaim();
  const mine = data.assignee?.id === ws.me.id;
  const inReview = data.session.status === "review";
  useShortcuts({ c: inReview && ws.canDecide && !mine ? () => claim({ id: data.session.id, assignee: data.assignee }) : undefined });
  return (
    <div className="text-sm" data-testid="case-assignee">
      <p className="text-xs text-slate-500">Assignee</p>
      <div className="flex items-center gap-2">
        <span className={cn("font-medium", mine ? "text-brand-700" : data.assignee ? "text-slate-900" : "text-slate-600")}>
          {mine ? "You" : (data.assignee?.email ?? "Unassigned")}
        </span>
        {inReview && ws.canDecide ? (
          mine ? (
            <Button variant="ghost" size="sm" loading={pendingId === data.session.id} onClick={() => release(data.session.id)}>
              Release
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              loading={pendingId === data.session.id}
              onClick={() => claim({ id: data.session.id, assignee: data.assignee })}
              aria-keyshortcuts="c"
            >
              {data.assignee ? "Take over" : "Claim"} <Kbd>c</Kbd>
            </Button>
          )
        ) : null}
      </div>
      <FormError className="mt-2">{error}</FormError>
      {dialog}
    </div>
  );
}

/** The sessions before and after `id` in the queue (oldest first; any assignee), for j / k. */
export function useQueueNeighbours(id: string): { prev: string | null; next: string | null; size: number } {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queue = useQuery(trpc.review.queue.queryOptions({ projectId: ws.project.id, mode: ws.mode, limit: 100 }));
  const ids = queue.data?.data.map((s) => s.id) ?? [];
  const at = ids.indexOf(id);
  if (at === -1) return { prev: null, next: ids[0] ?? null, size: ids.length };
  return { prev: ids[at - 1] ?? null, next: ids[at + 1] ?? null, size: ids.length };
}
