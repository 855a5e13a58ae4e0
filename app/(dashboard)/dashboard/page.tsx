import { redirect } from "next/navigation";

export const dynamic = "force-dynamic";

/** `/dashboard` → the sessions list, keeping `project` and `mode`. */
export default async function DashboardIndex({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const sp = await searchParams;
  const q = new URLSearchParams();
  for (const key of ["project", "mode"] as const) {
    const v = sp[key];
    if (typeof v === "string") q.set(key, v);
  }
  redirect(`/dashboard/sessions${q.size ? `?${q.toString()}` : ""}`);
}
