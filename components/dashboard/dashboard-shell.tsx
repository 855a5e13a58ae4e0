"use client";
import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { signOutAction } from "~/app/(dashboard)/actions";
import { Button } from "~/components/ui/button";
import { cn, focusRing } from "~/components/ui/cn";
import { Select } from "~/components/ui/select";
import type { Permission } from "~/server/users/permissions";
import type { Mode } from "./types";
import { ReviewQueueCount } from "./review/queue-count";
import { WebhookAlertBanner } from "./webhooks/webhook-alerts";
import { useWorkspace } from "./workspace";

interface NavItem {
  label: string;
  path: string;
  extra?: Record<string, string>;
  /** Outside the dashboard (no project/mode in the URL, a full page load). */
  external?: true;
  /** `params`: the page's query (`status` of the sessions list, `from=queue` of a case opened from the queue). */
  isActive: (pathname: string, params: Pick<URLSearchParams, "get">) => boolean;
  icon: React.ReactNode;
  /** Shown only to roles with this permission. */
  permission?: Permission;
  /** A count shown after the label (e.g. the review queue's size). */
  Count?: () => React.ReactNode;
}

const NAV: NavItem[] = [
  {
    label: "Overview",
    path: "/dashboard",
    isActive: (p) => p === "/dashboard",
    icon: (
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M3 13.125C3 12.504 3.504 12 4.125 12h2.25c.621 0 1.125.504 1.125 1.125v6.75C7.5 20.496 6.996 21 6.375 21h-2.25A1.125 1.125 0 0 1 3 19.875v-6.75ZM9.75 8.625c0-.621.504-1.125 1.125-1.125h2.25c.621 0 1.125.504 1.125 1.125v11.25c0 .621-.504 1.125-1.125 1.125h-2.25a1.125 1.125 0 0 1-1.125-1.125V8.625ZM16.5 4.125c0-.621.504-1.125 1.125-1.125h2.25C20.496 3 21 3.504 21 4.125v15.75c0 .621-.504 1.125-1.125 1.125h-2.25a1.125 1.125 0 0 1-1.125-1.125V4.125Z"
      />
    ),
  },
  {
    label: "Sessions",
    path: "/dashboard/sessions",
    isActive: (p, q) => p.startsWith("/dashboard/sessions") && q.get("status") !== "review" && q.get("from") !== "queue",
    icon: (
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M3.75 12h16.5m-16.5 3.75h16.5M3.75 19.5h16.5M5.625 4.5h12.75a1.875 1.875 0 0 1 0 3.75H5.625a1.875 1.875 0 0 1 0-3.75Z"
      />
    ),
  },
  {
    label: "Review queue",
    path: "/dashboard/review",
    Count: ReviewQueueCount,
    isActive: (p, q) => p.startsWith("/dashboard/review") || (p.startsWith("/dashboard/sessions/") && q.get("from") === "queue"),
    icon: (
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M9 12.75 11.25 15 15 9.75m-3-7.036A11.959 11.959 0 0 1 3.598 6 11.99 11.99 0 0 0 3 9.749c0 5.592 3.824 10.29 9 11.623 5.176-1.332 9-6.03 9-11.622 0-1.31-.21-2.571-.598-3.751h-.152c-3.196 0-6.1-1.248-8.25-3.285Z"
      />
    ),
  },
  {
    label: "Workflows",
    path: "/dashboard/workflows",
    isActive: (p) => p.startsWith("/dashboard/workflows"),
    icon: <path strokeLinecap="round" strokeLinejoin="round" d="M6 3.75h3v3H6v-3ZM15 10.5h3v3h-3v-3ZM6 17.25h3v3H6v-3ZM7.5 6.75v10.5M7.5 12h7.5" />,
  },
  {
    label: "API keys",
    path: "/dashboard/api-keys",
    permission: "manageApiKeys",
    isActive: (p) => p.startsWith("/dashboard/api-keys"),
    icon: (
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M15.75 5.25a3 3 0 0 1 3 3m3 0a6 6 0 0 1-7.029 5.912c-.563-.097-1.159.026-1.563.43L10.5 17.25H8.25v2.25H6v2.25H2.25v-2.818c0-.597.237-1.17.659-1.591l6.499-6.499c.404-.404.527-1 .43-1.563A6 6 0 1 1 21.75 8.25Z"
      />
    ),
  },
  {
    label: "Team",
    path: "/dashboard/team",
    isActive: (p) => p.startsWith("/dashboard/team"),
    icon: (
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M15 19.128a9.38 9.38 0 0 0 2.625.372 9.337 9.337 0 0 0 4.121-.952 4.125 4.125 0 0 0-7.533-2.493M15 19.128v-.003c0-1.113-.285-2.16-.786-3.07M15 19.128v.106A12.318 12.318 0 0 1 8.624 21c-2.331 0-4.512-.645-6.374-1.766l-.001-.109a6.375 6.375 0 0 1 11.964-3.07M12 6.375a3.375 3.375 0 1 1-6.75 0 3.375 3.375 0 0 1 6.75 0Zm8.25 2.25a2.625 2.625 0 1 1-5.25 0 2.625 2.625 0 0 1 5.25 0Z"
      />
    ),
  },
  {
    label: "Settings",
    path: "/dashboard/settings",
    isActive: (p) => p.startsWith("/dashboard/settings"),
    icon: (
      <>
        <path
          strokeLinecap="round"
          strokeLinejoin="round"
          d="M9.594 3.94c.09-.542.56-.94 1.11-.94h2.593c.55 0 1.02.398 1.11.94l.213 1.281c.063.374.313.686.645.87.074.04.147.083.22.127.325.196.72.257 1.075.124l1.217-.456a1.125 1.125 0 0 1 1.37.49l1.296 2.247a1.125 1.125 0 0 1-.26 1.431l-1.003.827c-.293.241-.438.613-.43.992a7.723 7.723 0 0 1 0 .255c-.008.378.137.75.43.991l1.004.827c.424.35.534.955.26 1.43l-1.298 2.247a1.125 1.125 0 0 1-1.369.491l-1.217-.456c-.355-.133-.75-.072-1.076.124a6.47 6.47 0 0 1-.22.128c-.331.183-.581.495-.644.869l-.213 1.281c-.09.543-.56.94-1.11.94h-2.594c-.55 0-1.019-.398-1.11-.94l-.213-1.281c-.062-.374-.312-.686-.644-.87a6.52 6.52 0 0 1-.22-.127c-.325-.196-.72-.257-1.076-.124l-1.217.456a1.125 1.125 0 0 1-1.369-.49l-1.297-2.247a1.125 1.125 0 0 1 .26-1.431l1.004-.827c.292-.24.437-.613.43-.991a6.932 6.932 0 0 1 0-.255c.007-.38-.138-.751-.43-.992l-1.004-.827a1.125 1.125 0 0 1-.26-1.43l1.297-2.247a1.125 1.125 0 0 1 1.37-.491l1.216.456c.356.133.751.072 1.076-.124.072-.044.146-.086.22-.128.332-.183.582-.495.644-.869l.214-1.28Z"
        />
        <path strokeLinecap="round" strokeLinejoin="round" d="M15 12a3 3 0 1 1-6 0 3 3 0 0 1 6 0Z" />
      </>
    ),
  },
  {
    label: "Webhooks",
    path: "/dashboard/webhooks",
    isActive: (p) => p.startsWith("/dashboard/webhooks"),
    icon: <path strokeLinecap="round" strokeLinejoin="round" d="M7.5 21 3 16.5m0 0L7.5 12M3 16.5h13.5m0-13.5L21 7.5m0 0L16.5 12M21 7.5H7.5" />,
  },
  {
    label: "Events",
    path: "/dashboard/events",
    isActive: (p) => p.startsWith("/dashboard/events"),
    icon: <path strokeLinecap="round" strokeLinejoin="round" d="M3.75 13.5 10.5 6.75 14.25 10.5 20.25 4.5M20.25 4.5h-4.5m4.5 0v4.5M3.75 19.5h16.5" />,
  },
  {
    label: "CKYC uploads",
    path: "/dashboard/ckyc",
    isActive: (p) => p.startsWith("/dashboard/ckyc"),
    icon: (
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M12 16.5V3.75m0 0L7.5 8.25M12 3.75l4.5 4.5M3.75 15v3.75A2.25 2.25 0 0 0 6 21h12a2.25 2.25 0 0 0 2.25-2.25V15"
      />
    ),
  },
  {
    label: "Audit log",
    path: "/dashboard/audit",
    permission: "readAuditLog",
    isActive: (p) => p.startsWith("/dashboard/audit"),
    icon: (
      <path
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M9 12h3.75M9 15h3.75M9 18h3.75m3 .75H18a2.25 2.25 0 0 0 2.25-2.25V6.108c0-1.135-.845-2.098-1.976-2.192a48.424 48.424 0 0 0-1.123-.08m-5.801 0c-.065.21-.1.433-.1.664 0 .414.336.75.75.75h4.5a.75.75 0 0 0 .75-.75 2.25 2.25 0 0 0-.1-.664m-5.8 0A2.251 2.251 0 0 1 13.5 2.25H15c1.012 0 1.867.668 2.15 1.586m-5.8 0c-.376.023-.75.05-1.124.08C9.095 4.01 8.25 4.973 8.25 6.108V8.25m0 0H4.875c-.621 0-1.125.504-1.125 1.125v11.25c0 .621.504 1.125 1.125 1.125h9.75c.621 0 1.125-.504 1.125-1.125V9.375c0-.621-.504-1.125-1.125-1.125H8.25Z"
      />
    ),
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
          {NAV.filter((item) => !item.permission || ws.can(item.permission)).map((item) => (
            <NavLink key={item.label} item={item} active={item.isActive(pathname, params)} />
          ))}
        </nav>
      </aside>

      <div className="flex min-w-0 flex-1 flex-col">
        {/* the banners are part of the page's banner landmark (axe `region`: no content outside landmarks) */}
        <header className="border-b border-slate-200 bg-white">
          <WebhookAlertBanner />
          {ws.mode === "test" ? (
            <p className="flex items-center justify-center gap-2 bg-amber-400 px-4 py-1 text-xs font-semibold text-amber-950" data-testid="test-data-banner">
              Test data · you are viewing the test mode of {ws.project.name}; nothing here is a real applicant
            </p>
          ) : null}
          <div className="flex min-h-14 flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-2 md:px-6">
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
          </div>
        </header>
        <nav aria-label="Main" className="flex gap-1 overflow-x-auto border-b border-slate-200 bg-white px-3 py-1.5 lg:hidden">
          {NAV.filter((item) => !item.permission || ws.can(item.permission)).map((item) => (
            <NavLink key={item.label} item={item} active={item.isActive(pathname, params)} />
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
      {item.Count ? <item.Count /> : null}
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

/** The page to show after a project or mode switch: the same one, except a session (ids never cross projects or modes) goes back to the list. */
function samePage(pathname: string): string {
  return pathname.startsWith("/dashboard/sessions/") ? "/dashboard/sessions" : pathname;
}

function ProjectSwitcher() {
  const ws = useWorkspace();
  const router = useRouter();
  const pathname = usePathname();
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
        onChange={(e) => router.push(ws.href(samePage(pathname), {}, { project: e.target.value }))}
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
  const target = (mode: Mode) => ws.href(samePage(pathname), onList ? { status: params.get("status") ?? undefined } : {}, { mode });
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
