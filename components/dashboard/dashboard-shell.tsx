"use client";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { signOutAction } from "~/app/(dashboard)/actions";
import { Button } from "~/components/ui/button";
import { cn, focusRing } from "~/components/ui/cn";
import { Select } from "~/components/ui/select";
import type { Mode } from "./types";
import { useWorkspace } from "./workspace";

interface NavItem {
  label: string;
  path: string;
  extra?: Record<string, string>;
  /** Outside the dashboard (no project/mode in the URL, a full page load). */
  external?: true;
  isActive: (pathname: string, status: string | null) => boolean;
  icon: React.ReactNode;
}

const NAV: NavItem[] = [
  {
    label: "Sessions",
    path: "/dashboard/sessions",
    isActive: (p, status) => p.startsWith("/dashboard/sessions") && status !== "review",
    icon: <path strokeLinecap="round" strokeLinejoin="round" d="M3.75 12h16.5m-16.5 3.75h16.5M3.75 19.5h16.5M5.625 4.5h12.75a1.875 1.875 0 0 1 0 3.75H5.625a1.875 1.875 0 0 1 0-3.75Z" />,
  },
  {
    label: "Review queue",
    path: "/dashboard/sessions",
    extra: { status: "review" },
    isActive: (p, status) => p === "/dashboard/sessions" && status === "review",
    icon: <path strokeLinecap="round" strokeLinejoin="round" d="M9 12.75 11.25 15 15 9.75m-3-7.036A11.959 11.959 0 0 1 3.598 6 11.99 11.99 0 0 0 3 9.749c0 5.592 3.824 10.29 9 11.623 5.176-1.332 9-6.03 9-11.622 0-1.31-.21-2.571-.598-3.751h-.152c-3.196 0-6.1-1.248-8.25-3.285Z" />,
  },
  {
    label: "API reference",
    path: "/docs/api",
    external: true,
    isActive: () => false,
    icon: <path strokeLinecap="round" strokeLinejoin="round" d="M17.25 6.75 22.5 12l-5.25 5.25m-10.5 0L1.5 12l5.25-5.25m7.5-3-4.5 16.5" />,
  },
];

/** Sidebar, header (organization/project, Test/Live, user, sign out) and the test-data banner. */
export function DashboardShell({ children }: { children: React.ReactNode }) {
  const ws = useWorkspace();
  const pathname = usePathname();
  const params = useSearchParams();
  const status = params.get("status");

  return (
    <div className="flex min-h-dvh">
      <aside className="hidden w-56 shrink-0 flex-col border-r border-slate-200 bg-white lg:flex">
        <div className="flex h-14 items-center px-5 text-base font-semibold tracking-tight text-slate-900">
          <span className="mr-1.5 text-brand-600" aria-hidden="true">
            ●
          </span>
          Verify
        </div>
        <nav aria-label="Main" className="flex flex-col gap-0.5 px-3 py-2">
          {NAV.map((item) => (
            <NavLink key={item.label} item={item} active={item.isActive(pathname, status)} />
          ))}
        </nav>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        {ws.mode === "test" ? (
          <div className="flex items-center justify-center gap-2 bg-amber-400 px-4 py-1 text-xs font-semibold text-amber-950" data-testid="test-data-banner">
            Test data · you are viewing the test mode of {ws.project.name}; nothing here is a real applicant
          </div>
        ) : null}
        <header className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2 md:px-6">
          <ProjectSwitcher />
          <div className="flex items-center gap-3">
            <ModeSwitch />
            <span className="hidden text-sm text-slate-600 lg:inline" title={`Role: ${ws.role}`}>
              {ws.me.email}
            </span>
            <form action={signOutAction}>
              <Button type="submit" variant="ghost" size="sm">
                Sign out
              </Button>
            </form>
          </div>
        </header>
        <nav aria-label="Main" className="flex gap-1 overflow-x-auto border-b border-slate-200 bg-white px-3 py-1.5 lg:hidden">
          {NAV.map((item) => (
            <NavLink key={item.label} item={item} active={item.isActive(pathname, status)} />
          ))}
        </nav>
        <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 md:px-8">{children}</main>
      </div>
    </div>
  );
}

function NavLink({ item, active }: { item: NavItem; active: boolean }) {
  const ws = useWorkspace();
  const className = cn(
    "flex h-9 items-center gap-2.5 rounded-md px-2.5 text-sm font-medium whitespace-nowrap",
    focusRing,
    active ? "bg-brand-50 text-brand-700" : "text-slate-700 hover:bg-slate-100",
  );
  const content = (
    <>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.6} aria-hidden="true" className="size-4.5">
        {item.icon}
      </svg>
      {item.label}
    </>
  );
  // A page outside the app router (a route handler): a plain link, a full page load.
  if (item.external) {
    return (
      <a href={item.path} className={className}>
        {content}
      </a>
    );
  }
  return (
    <Link href={ws.href(item.path, item.extra)} aria-current={active ? "page" : undefined} className={className}>
      {content}
    </Link>
  );
}

function ProjectSwitcher() {
  const ws = useWorkspace();
  const router = useRouter();
  if (ws.projects.length < 2) {
    return (
      <div className="min-w-0">
        <p className="truncate text-sm font-semibold text-slate-900">{ws.organization.name}</p>
        <p className="truncate text-xs text-slate-500">Project: {ws.project.name}</p>
      </div>
    );
  }
  return (
    <div className="flex min-w-0 items-center gap-2">
      <label htmlFor="project-switcher" className="sr-only">
        Project
      </label>
      <Select
        id="project-switcher"
        className="w-64"
        value={ws.project.id}
        onChange={(e) => router.push(ws.href("/dashboard/sessions", {}, { project: e.target.value }))}
      >
        {ws.projects.map((p) => (
          <option key={p.id} value={p.id}>
            {p.organizationName} / {p.name}
          </option>
        ))}
      </Select>
    </div>
  );
}

/** Test / Live: links that keep the page (a session detail goes back to the list: ids never cross modes). */
function ModeSwitch() {
  const ws = useWorkspace();
  const pathname = usePathname();
  const params = useSearchParams();
  const onList = pathname === "/dashboard/sessions";
  const target = (mode: Mode) => ws.href("/dashboard/sessions", onList ? { status: params.get("status") ?? undefined } : {}, { mode });
  return (
    <div role="group" aria-label="Data mode" className="flex rounded-md border border-slate-300 bg-white p-0.5 text-sm font-medium">
      {(["test", "live"] as const).map((mode) => (
        <Link
          key={mode}
          href={target(mode)}
          aria-current={ws.mode === mode ? "true" : undefined}
          data-testid={`mode-${mode}`}
          className={cn(
            "flex h-7 items-center rounded px-3",
            focusRing,
            ws.mode === mode ? (mode === "test" ? "bg-amber-100 text-amber-900" : "bg-emerald-100 text-emerald-900") : "text-slate-600 hover:bg-slate-100",
          )}
        >
          {mode === "test" ? "Test" : "Live"}
        </Link>
      ))}
    </div>
  );
}
