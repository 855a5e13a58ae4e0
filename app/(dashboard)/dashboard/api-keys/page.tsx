import type { Metadata } from "next";
import { DevelopersView } from "~/components/dashboard/api-keys";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API keys" };

export default function ApiKeysPage() {
  return <DevelopersView />;
}
