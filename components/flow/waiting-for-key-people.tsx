"use client";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "use-intl";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { useTRPC } from "~/components/trpc/react";
import { MessageScreen } from "./flow-shell";
import type { FlowState } from "./flow-types";
import { useErrorText } from "./i18n/use-error-text";
import { refreshesState, useRefreshFlowState } from "./use-submit-step";

type KeyPerson = NonNullable<FlowState["kyb"]>["keyPeople"][number];

const STATUS_TONE: Record<string, string> = {
  approved: "bg-emerald-50 text-emerald-800",
  declined: "bg-red-50 text-red-800",
  review: "bg-amber-50 text-amber-900",
  expired: "bg-slate-100 text-slate-600",
  cancelled: "bg-slate-100 text-slate-600",
};

/**
 * The KYB session's "waiting for key people" screen: its own steps are done and each key
 * person verifies with their own link. Lists the people with their session's status (the page
 * polls the flow state), and per person still to finish: show and copy their invitation link
 * (server/kyb/key-person-invite.ts: the same link the email carries, working until they finish),
 * email it again, make a new one (the old link stops working) or withdraw it; both after a
 * confirmation, since whoever is using the link at that moment is stopped.
 */
export function WaitingForKeyPeople({ sessionId, kyb }: { sessionId: string; kyb: NonNullable<FlowState["kyb"]> }) {
  const t = useTranslations("kyb");
  return (
    <div data-testid="flow-waiting-key-people">
      <MessageScreen tone="progress" title={t("waitingTitle")}>
        <p>{t("waitingBody")}</p>
      </MessageScreen>
      <p className="mt-2 text-sm text-slate-600">{kyb.emailEnabled ? t("waitingEmailed") : t("waitingNoEmail")}</p>
      <ul className="mt-4 space-y-3" aria-live="polite">
        {kyb.keyPeople.map((p) => (
          <PersonRow key={p.session_id} sessionId={sessionId} person={p} emailEnabled={kyb.emailEnabled} />
        ))}
      </ul>
      <p className="mt-4 text-sm text-slate-500">{t("linkNote")}</p>
    </div>
  );
}

function PersonRow({ sessionId, person, emailEnabled }: { sessionId: string; person: KeyPerson; emailEnabled: boolean }) {
  const t = useTranslations("kyb");
  const errorText = useErrorText();
  const trpc = useTRPC();
  const refresh = useRefreshFlowState(sessionId);
  const onError = (err: unknown) => (refreshesState(err) ? void refresh() : undefined);
  const link = useMutation(trpc.flow.keyPersonLink.mutationOptions({ onError }));
  const resend = useMutation(trpc.flow.resendKeyPersonEmail.mutationOptions({ onError }));
  const change = useMutation(
    trpc.flow.changeKeyPersonInvite.mutationOptions({
      onError,
      onSuccess: () => {
        link.reset();
        resend.reset();
        setConfirming(null);
        void refresh();
      },
    }),
  );
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState<"revoke" | "rotate" | null>(null);
  const open = person.status === "created" || person.status === "started" || person.status === "in_progress" || person.status === "resubmission_requested";
  const input = { sessionId, childSessionId: person.session_id };
  const linkId = `link-${person.session_id}`;
  // the link shown: a new one just made wins over the one shown before
  const url = (change.data?.url ?? null) || link.data?.url;

  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      document.getElementById(linkId)?.focus(); // no clipboard permission: the link is selected for a manual copy
    }
  }

  return (
    <li
      className="rounded-xl border border-slate-200 p-4"
      data-testid="waiting-person"
      data-status={person.status}
      data-invite={person.invite_revoked ? "revoked" : "active"}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">{person.name}</p>
          <p className="text-sm text-slate-500">{t(`roles.${person.role as "director"}`)}</p>
        </div>
        <span
          className={cn("rounded-full px-2.5 py-0.5 text-sm font-medium", STATUS_TONE[person.status] ?? "bg-brand-50 text-brand-700")}
          data-testid="waiting-person-status"
        >
          {t(`statuses.${person.status}`)}
        </span>
      </div>
      {open ? (
        <div className="mt-3 space-y-2">
          {person.invite_revoked && !url ? (
            <p className="text-sm text-slate-600" data-testid="waiting-person-revoked">
              {t("linkRevoked", { name: person.name })}
            </p>
          ) : null}
          {url && !person.invite_revoked ? (
            <div className="flex gap-2">
              <label htmlFor={linkId} className="sr-only">
                {t("linkLabel", { name: person.name })}
              </label>
              <Input id={linkId} readOnly value={url} onFocus={(e) => e.target.select()} className="font-mono text-xs" data-testid="waiting-person-link" />
              <Button variant="secondary" onClick={() => void copy(url)}>
                {copied ? t("copied") : t("copyLink")}
              </Button>
            </div>
          ) : null}
          {change.data?.url ? (
            <p className="text-sm text-slate-600" role="status">
              {t("linkRotated")}
            </p>
          ) : null}
          {confirming ? (
            <div
              className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
              role="alertdialog"
              aria-label={t(confirming === "revoke" ? "revokeLink" : "rotateLink")}
            >
              <p>{t(confirming === "revoke" ? "confirmRevoke" : "confirmRotate", { name: person.name })}</p>
              <div className="mt-2 flex gap-2">
                <Button
                  size="sm"
                  loading={change.isPending}
                  onClick={() => change.mutate({ ...input, change: confirming })}
                  data-testid="waiting-person-confirm"
                >
                  {t("confirmYes")}
                </Button>
                <Button variant="ghost" size="sm" onClick={() => setConfirming(null)}>
                  {t("confirmNo")}
                </Button>
              </div>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              {person.invite_revoked ? (
                <Button
                  variant="secondary"
                  size="sm"
                  loading={change.isPending}
                  onClick={() => change.mutate({ ...input, change: "rotate" })}
                  data-testid="waiting-person-rotate"
                >
                  {t("rotateLink")}
                </Button>
              ) : (
                <>
                  {url ? null : (
                    <Button variant="secondary" size="sm" loading={link.isPending} onClick={() => link.mutate(input)} data-testid="waiting-person-get-link">
                      {t("getLink")}
                    </Button>
                  )}
                  {emailEnabled ? (
                    <Button variant="ghost" size="sm" loading={resend.isPending} disabled={resend.isSuccess} onClick={() => resend.mutate(input)}>
                      {resend.isSuccess ? t("resent") : t("resend")}
                    </Button>
                  ) : null}
                  <Button variant="ghost" size="sm" onClick={() => setConfirming("rotate")} data-testid="waiting-person-rotate">
                    {t("rotateLink")}
                  </Button>
                  <Button variant="ghost" size="sm" onClick={() => setConfirming("revoke")} data-testid="waiting-person-revoke">
                    {t("revokeLink")}
                  </Button>
                </>
              )}
            </div>
          )}
          <FormError>{link.isError || resend.isError || change.isError ? errorText("generic") : null}</FormError>
        </div>
      ) : null}
    </li>
  );
}
