"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { cn } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import { Spinner } from "~/components/ui/spinner";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { Modal } from "../modal";
import { DECISION_LABELS, SessionStatusBadge } from "../status-badge";
import { useWorkspace } from "../workspace";

/** Statuses in which a key person can still use an invitation (server/sessions/session-state.ts ACTIVE_STATUSES). */
const ACTIVE: readonly string[] = ["created", "started", "in_progress", "resubmission_requested"];

const ROLE_LABELS: Record<string, string> = { director: "Director", partner: "Partner", ubo: "Beneficial owner", authorized_signatory: "Authorized signatory" };

/**
 * The business and the people behind it as one tree, inside the case view's related-sessions
 * card (components/dashboard/review/case-panels.tsx) of a KYB session or of a key person's
 * session: the business with its registry status, then each key person with role, ownership,
 * their own session's status and decision, linking to their case. The session being viewed is
 * marked. Reviewers (and owners, admins) can withdraw or replace the invitation link of a key
 * person whose session is still active (kyb.changeInvite; audited). Renders nothing for a KYC
 * session without a parent.
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
                  {p.session && ws.canDecide && ACTIVE.includes(p.session.status) ? (
                    <InviteControls sessionId={sessionId} childId={p.session.id} name={p.name} revoked={p.session.invite_revoked} />
                  ) : null}
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

/**
 * A key person's invitation, for reviewers: withdraw it (no link works, whoever is in their flow
 * is stopped) or replace it (a new link to pass on; the old one stops working). Each after a
 * confirmation; each audited.
 */
function InviteControls({ sessionId, childId, name, revoked }: { sessionId: string; childId: string; name: string | null; revoked: boolean }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<"revoke" | "rotate" | null>(null);
  const change = useMutation(
    trpc.kyb.changeInvite.mutationOptions({
      onSuccess: () => {
        setConfirming(null);
        void queryClient.invalidateQueries({ queryKey: trpc.kyb.tree.queryKey({ projectId: ws.project.id, mode: ws.mode, id: sessionId }) });
      },
    }),
  );
  const who = name ?? "this person";
  const copy = {
    revoke: {
      title: "Withdraw the invitation link?",
      body: `Nobody can open ${who}'s link any more, and if they are in the flow now they are stopped. Make a new link to invite them again.`,
      action: "Withdraw link",
    },
    rotate: {
      title: "Make a new invitation link?",
      body: `${who}'s current link stops working, and if they are in the flow now they are stopped. You get the new link to pass on.`,
      action: "Make a new link",
    },
  };
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2" data-testid="business-tree-invite" data-invite={revoked ? "revoked" : "active"}>
      {revoked ? <span className="text-xs text-slate-500">Invitation withdrawn</span> : null}
      {revoked ? null : (
        <Button variant="ghost" size="sm" onClick={() => setConfirming("revoke")}>
          Withdraw link
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={() => setConfirming("rotate")}>
        Make a new link
      </Button>
      {change.data?.url ? (
        <div className="flex w-full items-center gap-2">
          <label htmlFor={`invite-${childId}`} className="text-xs text-slate-500">
            New link
          </label>
          <Input
            id={`invite-${childId}`}
            readOnly
            value={change.data.url}
            onFocus={(e) => e.target.select()}
            className="font-mono text-xs"
            data-testid="business-tree-new-link"
          />
        </div>
      ) : null}
      {change.isError ? <FormError>Could not change the link: {clientErrorInfo(change.error).message}</FormError> : null}
      <Modal
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        size="sm"
        title={confirming ? copy[confirming].title : ""}
        description={confirming ? copy[confirming].body : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              loading={change.isPending}
              onClick={() => confirming && change.mutate({ projectId: ws.project.id, mode: ws.mode, id: childId, change: confirming })}
            >
              {confirming ? copy[confirming].action : ""}
            </Button>
          </>
        }
      />
    </div>
  );
}
