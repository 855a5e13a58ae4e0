"use client";
/**
 * Team page: the organization's members with their roles (owners and admins change roles and
 * remove members; the last owner cannot be removed or demoted), invitations by email with a
 * role, and the pending invitations.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardHeader } from "~/components/ui/card";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Select } from "~/components/ui/select";
import { useTRPC } from "~/components/trpc/react";
import { ZInviteMemberRequest, type TInviteMemberRequest } from "~/server/users/account.schemas";
import { ROLE_LABELS, ROLES } from "~/server/users/permissions";
import { CopyButton } from "./copy-button";
import { Modal } from "./modal";
import { applyServerError } from "./mutation-errors";
import { PageHeader } from "./page-header";
import { ErrorCard, LoadingCard } from "./query-states";
import { RelativeTime } from "./relative-time";
import type { Role } from "./types";
import { useWorkspace } from "./workspace";

const ROLE_TONES: Record<Role, "violet" | "blue" | "sky" | "amber" | "gray"> = {
  owner: "violet",
  admin: "blue",
  developer: "sky",
  reviewer: "amber",
  viewer: "gray",
};

export function TeamView() {
  const ws = useWorkspace();
  const [inviting, setInviting] = useState(false);
  const manage = ws.can("manageMembers");
  return (
    <div className="space-y-6">
      <PageHeader
        title="Team"
        description={`People with access to ${ws.organization.name}. Roles apply to every project of the organization.`}
        actions={manage ? <Button onClick={() => setInviting(true)}>Invite member</Button> : null}
      />
      <MembersCard />
      {manage ? <InvitationsCard /> : null}
      <RolesCard />
      {manage ? <InviteModal open={inviting} onClose={() => setInviting(false)} /> : null}
    </div>
  );
}

function MembersCard() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const members = useQuery(trpc.members.list.queryOptions(tenant));
  const manage = ws.can("manageMembers");
  const [removing, setRemoving] = useState<{ userId: string; label: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.members.list.queryKey(tenant) });
  const changeRole = useMutation(
    trpc.members.changeRole.mutationOptions({ onSuccess: () => void invalidate(), onError: (e) => setError(e.message), onMutate: () => setError(null) }),
  );
  const remove = useMutation(trpc.members.remove.mutationOptions({ onSuccess: () => void invalidate() }));

  if (members.isPending) return <LoadingCard label="Loading members" />;
  if (members.isError) return <ErrorCard what="the members" message={members.error.message} onRetry={() => void members.refetch()} />;

  const owners = members.data.filter((m) => m.role === "owner").length;
  return (
    <Card data-testid="members">
      <CardHeader title="Members" description={`${members.data.length} member${members.data.length === 1 ? "" : "s"}`} />
      {error ? <FormError className="m-4">{error}</FormError> : null}
      <ul className="divide-y divide-slate-100">
        {members.data.map((m) => {
          const you = m.userId === ws.me.id;
          const label = m.name || m.email;
          // admins cannot touch owners; the last owner stays an owner
          const locked = !manage || (m.role === "owner" && (ws.role !== "owner" || owners === 1));
          return (
            <li key={m.userId} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3" data-testid="member-row" data-email={m.email}>
              <div className="flex min-w-0 flex-1 items-center gap-3">
                <span
                  aria-hidden="true"
                  className="flex size-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-xs font-semibold text-slate-600 uppercase"
                >
                  {label.slice(0, 1)}
                </span>
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900">
                    {m.name || <span className="text-slate-500">No name</span>}
                    {you ? <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span> : null}
                  </p>
                  <p className="truncate text-sm text-slate-500">{m.email}</p>
                </div>
              </div>
              <p className="hidden text-xs text-slate-500 md:block">
                Joined <RelativeTime date={m.joinedAt} />
              </p>
              {locked ? (
                <Badge tone={ROLE_TONES[m.role]} className="w-28 justify-center">
                  {ROLE_LABELS[m.role].label}
                </Badge>
              ) : (
                <div className="w-40">
                  <label htmlFor={`role-${m.userId}`} className="sr-only">
                    Role of {label}
                  </label>
                  <Select
                    id={`role-${m.userId}`}
                    value={m.role}
                    disabled={changeRole.isPending}
                    onChange={(e) => changeRole.mutate({ ...tenant, userId: m.userId, role: e.target.value as Role })}
                  >
                    {ROLES.filter((r) => r !== "owner" || ws.role === "owner").map((r) => (
                      <option key={r} value={r}>
                        {ROLE_LABELS[r].label}
                      </option>
                    ))}
                  </Select>
                </div>
              )}
              {manage ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="text-red-700 hover:bg-red-50"
                  disabled={locked}
                  title={locked && m.role === "owner" ? (owners === 1 ? "The last owner cannot be removed" : "Only an owner can remove an owner") : undefined}
                  aria-label={`Remove ${label}`}
                  onClick={() => setRemoving({ userId: m.userId, label })}
                >
                  Remove
                </Button>
              ) : null}
            </li>
          );
        })}
      </ul>
      <Modal
        open={!!removing}
        onClose={() => {
          remove.reset();
          setRemoving(null);
        }}
        size="sm"
        title={`Remove ${removing?.label ?? ""}?`}
        description={`They lose access to ${ws.organization.name} at once. Their account stays; you can invite them again later.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() => removing && remove.mutate({ ...tenant, userId: removing.userId }, { onSuccess: () => setRemoving(null) })}
            >
              Remove member
            </Button>
          </>
        }
      >
        {remove.error ? <FormError>{remove.error.message}</FormError> : null}
      </Modal>
    </Card>
  );
}

function InvitationsCard() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const invitations = useQuery(trpc.members.invitations.queryOptions(tenant));
  const revoke = useMutation(
    trpc.members.revokeInvitation.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.members.invitations.queryKey(tenant) }),
    }),
  );
  if (invitations.isPending) return <LoadingCard label="Loading invitations" className="h-24" />;
  if (invitations.isError) return <ErrorCard what="the invitations" message={invitations.error.message} onRetry={() => void invitations.refetch()} />;
  if (invitations.data.length === 0) return null;
  return (
    <Card data-testid="invitations">
      <CardHeader title="Pending invitations" description="Invitations expire after 7 days. Revoke one to make its link stop working." />
      <ul className="divide-y divide-slate-100">
        {invitations.data.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-5 py-3" data-testid="invitation-row">
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium text-slate-900">{i.email}</p>
              <p className="text-xs text-slate-500">
                {i.invitedBy ? `Invited by ${i.invitedBy} ` : "Invited "}
                <RelativeTime date={i.createdAt} />
              </p>
            </div>
            {i.expired ? <Badge tone="orange">Expired</Badge> : <Badge tone="sky">Pending</Badge>}
            <Badge tone={ROLE_TONES[i.role]} className="w-28 justify-center">
              {ROLE_LABELS[i.role].label}
            </Badge>
            <Button
              variant="ghost"
              size="sm"
              loading={revoke.isPending && revoke.variables?.invitationId === i.id}
              onClick={() => revoke.mutate({ ...tenant, invitationId: i.id })}
            >
              Revoke
            </Button>
          </li>
        ))}
      </ul>
      {revoke.error ? <FormError className="m-4">{revoke.error.message}</FormError> : null}
    </Card>
  );
}

function InviteModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tenant = { projectId: ws.project.id, mode: ws.mode };
  const form = useForm<TInviteMemberRequest>({ resolver: zodResolver(ZInviteMemberRequest), defaultValues: { email: "", role: "developer" } });
  const [formError, setFormError] = useState<string | null>(null);
  const [sent, setSent] = useState<{ email: string; emailed: boolean; acceptUrl: string | null } | null>(null);
  const invite = useMutation(trpc.members.invite.mutationOptions());
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: "role" });
  const close = () => {
    form.reset();
    setFormError(null);
    setSent(null);
    onClose();
  };
  const submit = form.handleSubmit((values) => {
    setFormError(null);
    invite.mutate(
      { ...tenant, ...values },
      {
        onSuccess: (res) => {
          setSent({ email: res.invitation.email, emailed: res.emailed, acceptUrl: res.acceptUrl });
          void queryClient.invalidateQueries({ queryKey: trpc.members.invitations.queryKey(tenant) });
        },
        onError: (err) => setFormError(applyServerError(err, ["email", "role"], form.setError)),
      },
    );
  });

  if (sent) {
    return (
      <Modal
        open={open}
        onClose={close}
        title={sent.emailed ? "Invitation sent" : "Share the invitation link"}
        description={
          sent.emailed
            ? `We emailed ${sent.email} a link to join ${ws.organization.name}. It works once and expires in 7 days.`
            : `Email isn't set up on this server (or the mail server refused the message), so send ${sent.email} this link yourself. It works once, expires in 7 days, and is not shown again.`
        }
        footer={<Button onClick={close}>Done</Button>}
      >
        {sent.acceptUrl ? (
          <div className="flex items-center gap-2 rounded-md border border-slate-300 bg-slate-50 py-1.5 pr-1.5 pl-3">
            <code className="min-w-0 flex-1 font-mono text-[13px] break-all text-slate-900" data-testid="invite-link">
              {sent.acceptUrl}
            </code>
            <CopyButton value={sent.acceptUrl} label="Copy invitation link" />
          </div>
        ) : null}
      </Modal>
    );
  }
  return (
    <Modal
      open={open}
      onClose={close}
      title={`Invite someone to ${ws.organization.name}`}
      description="They get an email with a link to set their name and password."
    >
      <form onSubmit={submit} noValidate className="space-y-4 pb-5">
        <FormError>{formError}</FormError>
        <Field id="invite-email" label="Email" error={errors.email?.message}>
          <Input
            {...form.register("email")}
            id="invite-email"
            type="email"
            autoComplete="off"
            autoFocus
            placeholder="name@company.com"
            invalid={!!errors.email}
            aria-describedby={describedBy("invite-email", { error: errors.email })}
          />
        </Field>
        <Field id="invite-role" label="Role" hint={ROLE_LABELS[role].description} error={errors.role?.message}>
          <Select
            {...form.register("role")}
            id="invite-role"
            invalid={!!errors.role}
            aria-describedby={describedBy("invite-role", { hint: true, error: errors.role })}
          >
            {ROLES.filter((r) => r !== "owner" || ws.role === "owner").map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r].label}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex justify-end gap-2 pt-1">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function RolesCard() {
  return (
    <Card>
      <CardHeader title="Roles" description="What each role can do." />
      <dl className="grid gap-x-6 gap-y-2 px-5 py-4 text-sm sm:grid-cols-[10rem_1fr]">
        {ROLES.map((r) => (
          <div key={r} className="contents">
            <dt className="font-medium text-slate-800">{ROLE_LABELS[r].label}</dt>
            <dd className="text-slate-600">{ROLE_LABELS[r].description}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
