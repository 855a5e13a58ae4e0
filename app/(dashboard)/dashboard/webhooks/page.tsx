import type { Metadata } from "next";
import { WebhooksView } from "~/components/dashboard/webhooks/webhooks-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return <WebhooksView />;
}
