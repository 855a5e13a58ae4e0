import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { Suspense } from "react";
import { DashboardShell } from "~/components/dashboard/dashboard-shell";
import { NoProject } from "~/components/dashboard/no-project";
import { WorkspaceProvider } from "~/components/dashboard/workspace";
import { TRPCReactProvider } from "~/components/trpc/react";
import { auth } from "~/server/auth/auth";
import { createTRPCContext } from "~/server/trpc/init";
import { createCaller } from "~/server/trpc/root";

export const dynamic = "force-dynamic";

/** Signed-in users only. Loads the user's organizations and projects once, server side. */
export default async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const session = await auth();
  if (!session?.user?.id) redirect("/login");
  const caller = createCaller(await createTRPCContext({ headers: await headers() }));
  const me = await caller.me.get();
  return (
    <TRPCReactProvider>
      <Suspense>
        <WorkspaceProvider me={me} fallback={<NoProject email={me.email} />}>
          <DashboardShell>{children}</DashboardShell>
        </WorkspaceProvider>
      </Suspense>
    </TRPCReactProvider>
  );
}
