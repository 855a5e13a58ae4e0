import type { Metadata } from "next";
import { SettingsView } from "~/components/dashboard/project-settings";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

export default function SettingsPage() {
  return <SettingsView />;
}
