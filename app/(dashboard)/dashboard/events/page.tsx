import type { Metadata } from "next";
import { EventsView } from "~/components/dashboard/webhooks/events-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Events" };

export default function EventsPage() {
  return <EventsView />;
}
