import type { Metadata } from "next";
import { EndpointView } from "~/components/dashboard/webhooks/endpoint-view";

export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  return { title: `Webhook endpoint ${id}` };
}

export default async function WebhookEndpointPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <EndpointView id={id} />;
}
