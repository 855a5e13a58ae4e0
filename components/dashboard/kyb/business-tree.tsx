"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import { Spinner } from "~/components/ui/spinner";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { DECISION_LABELS, SessionStatusBadge } from "../status-badge";
import { useWorkspace } from "../workspace";

const ROLE_LABELS: Record<string, string> = { director: "Director", partner: "Partner", ubo: "Beneficial owner", authorized_signatory: "Authorized signatory" };

/**
 * The business and the people behind it as one tree, inside the case view's related-sessions
 * card (components/dashboard/review/case-panels.tsx) of a KYB session or of a key person's
 * session: the business with its registry status, then each key person with role, ownership,
 * their own session's status and decision, linking to their case. The session being viewed is
 * marked. Renders nothing for a KYC session without a parent.
 */
export function BusinessTree({ sessionId }: { sessionId: string }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const query = useQuery(trpc.kyb.tree.queryOptions({ projectId: ws.project.id, mode: ws.mode, id: sessionId }, { refetchOnWindowFocus: false }));
  if (query.isPending) {
    return (
      <div className="flex h-24 items-center justify-center border-b border-slate-100 text-slate-500">
        <Spinner className="size-5" label="Loading the business and its people" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="border-b border-slate-100 px-5 py-4">
        <FormError>Could not load the business and its people: {clientErrorInfo(query.error).message}</FormError>
        <Button variant="secondary" size="sm" className="mt-2" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const tree = query.data;
  if (!tree) return null;
  return (
    <div className="border-b border-slate-100 px-5 py-4" data-testid="business-tree">
      <p className="mb-3 text-xs text-slate-500">Each key person verifies their identity in a session of their own; the business is decided once they are.</p>
      <ul role="tree" aria-label="Business and key people" className="text-sm">
        <li role="treeitem" aria-expanded="true" aria-selected={tree.business.id === sessionId}>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <CaseLink id={tree.business.id} current={tree.business.id === sessionId}>
              {tree.business.legal_name ?? "Business"}
            </CaseLink>
            <SessionStatusBadge status={tree.business.status} />
            {tree.business.registry_status ? <span className="text-slate-500">registry: {tree.business.registry_status}</span> : null}
          </div>
          <p className="font-mono text-xs text-slate-500">{tree.business.id}</p>
          {tree.people.length ? (
            <ul role="group" className="mt-3 space-y-2 border-l border-slate-200 pl-4">
              {tree.people.map((p, i) => (
                <li
                  key={p.session?.id ?? `person-${i}`}
                  role="treeitem"
                  aria-selected={p.session?.id === sessionId}
                  data-testid="business-tree-person"
                  data-status={p.session?.status ?? "none"}
                >
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    {p.session ? (
                      <CaseLink id={p.session.id} current={p.session.id === sessionId}>
                        <PersonName name={p.name} />
                      </CaseLink>
                    ) : (
                      <span className="font-medium text-slate-900">
                        <PersonName name={p.name} />
                      </span>
                    )}
                    <span className="text-slate-500">
                      {ROLE_LABELS[p.role] ?? p.role}
                      {p.ownership_percent !== null ? ` · ${p.ownership_percent}%` : ""}
                    </span>
                    {p.session ? <SessionStatusBadge status={p.session.status} /> : <span className="text-slate-500">not verified (role not required)</span>}
                    {p.session?.decision ? (
                      <span className="text-slate-500" data-testid="business-tree-decision">
                        decision: {DECISION_LABELS[p.session.decision] ?? p.session.decision}
                      </span>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 border-l border-slate-200 pl-4 text-slate-500">No key people entered yet.</p>
          )}
          {tree.removed.length ? (
            <p className="mt-3 text-xs text-slate-500">Removed from the key people: {tree.removed.map((r) => `${r.id} (${r.status})`).join(", ")}</p>
          ) : null}
        </li>
      </ul>
    </div>
  );
}

/** A session of the tree, linking to its case; the case being viewed is marked instead of highlighted as a link. */
function CaseLink({ id, current, children }: { id: string; current: boolean; children: React.ReactNode }) {
  const ws = useWorkspace();
  return (
    <>
      <Link
        href={ws.href(`/dashboard/sessions/${id}`)}
        aria-current={current ? "page" : undefined}
        className={cn("font-medium hover:underline", current ? "text-slate-900" : "text-brand-700")}
      >
        {children}
      </Link>
      {current ? <span className="text-xs text-slate-500">(this case)</span> : null}
    </>
  );
}

/** A key person's name as the business entered it; gone once the business's personal data is erased. */
function PersonName({ name }: { name: string | null }) {
  return name ?? <span className="font-normal text-slate-500 italic">Name erased with the business&apos;s personal data</span>;
}
