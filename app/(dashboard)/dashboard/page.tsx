import type { Metadata } from "next";
import { OverviewView } from "~/components/dashboard/overview";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Overview" };

/** `/dashboard`: the project's overview (sessions per day, approval rate, time to decision, queue). */
export default function OverviewPage() {
  return <OverviewView />;
}
