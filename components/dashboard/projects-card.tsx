"use client";
/**
 * Settings → Projects (owners and admins): a new project in the organization (with the India
 * workflows; the dashboard switches to it) and archiving the current one (server/projects/
 * manage-projects.ts: it leaves the switcher, its API keys stop working, its data stays).
 * Renaming is the name field of the settings above.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "~/components/ui/button";
import { Card, CardBody, CardHeader } from "~/components/ui/card";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { clientErrorInfo } from "~/components/trpc/domain-error";
import { useTRPC } from "~/components/trpc/react";
import { ZProjectName } from "~/server/organizations/organization.schemas";
import { useWorkspace } from "./workspace";

const ZNewProject = z.object({ name: ZProjectName });

export function ProjectsCard() {
  const ws = useWorkspace();
  const trpc = useTRPC();
  const router = useRouter();
  const form = useForm<z.infer<typeof ZNewProject>>({ resolver: zodResolver(ZNewProject), defaultValues: { name: "" } });
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const create = useMutation(
    trpc.projects.create.mutationOptions({
      onSuccess: (p) => {
        router.push(ws.href("/dashboard/settings", {}, { project: p.id }));
        router.refresh();
      },
      onError: (e) => setError(clientErrorInfo(e).message),
    }),
  );
  const archive = useMutation(
    trpc.projects.archive.mutationOptions({
      onSuccess: () => {
        router.push(`/dashboard?mode=${ws.mode}`);
        router.refresh();
      },
      onError: (e) => (setConfirming(false), setError(clientErrorInfo(e).message)),
    }),
  );
  if (!ws.can("manageSettings")) return null;
  const nameError = form.formState.errors.name?.message;
  return (
    <Card data-testid="projects-card">
      <CardHeader title="Projects" description={`Each project of ${ws.organization.name} has its own API keys, origins, workflows, webhooks and sessions.`} />
      <CardBody className="space-y-6">
        <FormError>{error}</FormError>
        <form
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={form.handleSubmit((v) => (setError(null), create.mutate({ projectId: ws.project.id, mode: ws.mode, name: v.name })))}
        >
          <div className="min-w-64 flex-1">
            <Field id="new-project-name" label="New project" hint="It starts with the India workflows published." error={nameError}>
              <Input
                {...form.register("name")}
                id="new-project-name"
                placeholder="e.g. Lending app"
                invalid={!!nameError}
                aria-describedby={describedBy("new-project-name", { hint: true, error: nameError })}
              />
            </Field>
          </div>
          <Button type="submit" loading={create.isPending} data-testid="project-create">
            Create project
          </Button>
        </form>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <p className="text-sm text-slate-600">
            Archive <strong className="font-medium text-slate-900">{ws.project.name}</strong>: it leaves the project switcher and its API keys stop working. Its
            sessions and audit log are kept.
          </p>
          {confirming ? (
            <div className="flex gap-2">
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Cancel
              </Button>
              <Button
                variant="danger"
                loading={archive.isPending}
                onClick={() => archive.mutate({ projectId: ws.project.id, mode: ws.mode })}
                data-testid="project-archive-confirm"
              >
                Archive {ws.project.name}
              </Button>
            </div>
          ) : (
            <Button variant="secondary" onClick={() => (setError(null), setConfirming(true))} data-testid="project-archive">
              Archive project…
            </Button>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
