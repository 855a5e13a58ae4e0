"use client";
/**
 * Claiming a session in review (review.claim): claims an unassigned one at once; one that
 * someone else holds (seen in the list, or found by the server in a race) asks first
 * "Take over from …?" and then claims it from exactly that person. Also releasing your own.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import type { TReviewAssignee } from "~/server/review/review-queue.schemas";
import { Modal } from "../modal";
import { useWorkspace } from "../workspace";

/** The assignee a `session_claimed` error of review.claim names (`details.assignee`), if any. */
function conflictAssignee(err: unknown): TReviewAssignee | null {
  if (!(err instanceof TRPCClientError)) return null;
  const domain = (err.data as { domain?: { code?: string; details?: { assignee?: TReviewAssignee | null } } } | undefined)?.domain;
  return domain?.code === "session_claimed" ? (domain.details?.assignee ?? null) : null;
}

export interface ClaimTarget {
  id: string;
  assignee: TReviewAssignee | null;
}

/**
 * @returns `claim(target)`, `release(id)`, the take-over dialog to render, the id being
 * changed and the last error message (null when none).
 */
export function useClaim() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [takeOver, setTakeOver] = useState<{ id: string; from: TReviewAssignee } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onSettled = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: trpc.review.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.sessions.get.pathKey() })]);
  const claimMutation = useMutation(trpc.review.claim.mutationOptions({ onSettled }));
  const releaseMutation = useMutation(trpc.review.release.mutationOptions({ onSettled }));
  const tenant = { projectId: ws.project.id, mode: ws.mode };

  function run(id: string, takeOverFrom?: string) {
    setError(null);
    claimMutation.mutate(
      { ...tenant, id, takeOverFrom },
      {
        onSuccess: () => setTakeOver(null),
        onError: (err) => {
          const holder = conflictAssignee(err);
          if (holder && holder.id !== takeOverFrom) setTakeOver({ id, from: holder });
          else {
            setTakeOver(null);
            setError(clientErrorInfo(err).message);
          }
        },
      },
    );
  }

  function claim(target: ClaimTarget) {
    if (!ws.canDecide || target.assignee?.id === ws.me.id) return;
    if (target.assignee) setTakeOver({ id: target.id, from: target.assignee });
    else run(target.id);
  }

  function release(id: string) {
    setError(null);
    releaseMutation.mutate({ ...tenant, id }, { onError: (err) => setError(clientErrorInfo(err).message) });
  }

  const dialog = (
    <Modal
      open={takeOver !== null}
      onClose={() => setTakeOver(null)}
      size="sm"
      title="Take over this session?"
      description={
        takeOver ? `${takeOver.from.email} has claimed ${takeOver.id}. Taking it over assigns it to you; they will see that you have it.` : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={() => setTakeOver(null)}>
            Cancel
          </Button>
          <Button variant="warning" loading={claimMutation.isPending} onClick={() => takeOver && run(takeOver.id, takeOver.from.id)} autoFocus>
            Take over
          </Button>
        </>
      }
    />
  );

  const pendingId = claimMutation.isPending ? claimMutation.variables?.id : releaseMutation.isPending ? releaseMutation.variables?.id : undefined;
  return { claim, release, dialog, pendingId, error, clearError: () => setError(null) };
}
