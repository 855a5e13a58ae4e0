"use client";
/**
 * The dashboard's current organization, project and mode. Project and mode live in the URL
 * (`?project=<id>&mode=test|live`), so links and reloads keep them; missing or unknown values
 * fall back to the first project and test mode.
 */
import { useSearchParams } from "next/navigation";
import { createContext, useContext, useMemo } from "react";
import { can, PERMISSIONS, type Permission } from "~/server/users/permissions";
import type { Me, Mode, Role } from "./types";

export interface Workspace {
  me: Me;
  organization: { id: string; name: string; slug: string };
  project: { id: string; name: string; slug: string };
  projects: { id: string; name: string; slug: string; organizationName: string }[];
  mode: Mode;
  role: Role;
  /** Owners, admins and reviewers may decide sessions (review.decide). */
  canDecide: boolean;
  /** Whether the user's role has `permission` (server/users/permissions.ts; the server checks it again). */
  can: (permission: Permission) => boolean;
  /** `path` with the current project and mode (and any `extra` params) in its query string. */
  href: (path: string, extra?: Record<string, string | undefined>, override?: { project?: string; mode?: Mode }) => string;
}

const WorkspaceContext = createContext<Workspace | null>(null);

export const DECIDING_ROLES: readonly Role[] = PERMISSIONS.decideSessions;

export function resolveWorkspace(me: Me, params: { get(name: string): string | null }): Workspace | null {
  const projects = me.organizations.flatMap((o) => o.projects.map((p) => ({ ...p, organization: o })));
  const current = projects.find((p) => p.id === params.get("project")) ?? projects[0];
  if (!current) return null;
  const mode: Mode = params.get("mode") === "live" ? "live" : "test";
  const { organization } = current;
  return {
    me,
    organization: { id: organization.id, name: organization.name, slug: organization.slug },
    project: { id: current.id, name: current.name, slug: current.slug },
    projects: projects.map((p) => ({ id: p.id, name: p.name, slug: p.slug, organizationName: p.organization.name })),
    mode,
    role: organization.role,
    canDecide: DECIDING_ROLES.includes(organization.role),
    can: (permission) => can(organization.role, permission),
    href(path, extra = {}, override = {}) {
      const q = new URLSearchParams({ project: override.project ?? current.id, mode: override.mode ?? mode });
      for (const [k, v] of Object.entries(extra)) if (v !== undefined) q.set(k, v);
      return `${path}?${q.toString()}`;
    },
  };
}

export function WorkspaceProvider({ me, fallback, children }: { me: Me; fallback: React.ReactNode; children: React.ReactNode }) {
  const params = useSearchParams();
  const workspace = useMemo(() => resolveWorkspace(me, params), [me, params]);
  if (!workspace) return fallback;
  return <WorkspaceContext.Provider value={workspace}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): Workspace {
  const ws = useContext(WorkspaceContext);
  if (!ws) throw new Error("useWorkspace() outside <WorkspaceProvider>");
  return ws;
}
