import type { Metadata } from "next";
import { ReviewQueueView } from "~/components/dashboard/review/review-queue";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Review queue" };

export default function ReviewQueuePage() {
  return <ReviewQueueView />;
}
