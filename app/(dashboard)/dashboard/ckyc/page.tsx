import type { Metadata } from "next";
import { CkycUploadsView } from "~/components/dashboard/ckyc/ckyc-uploads-view";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "CKYC uploads" };

export default function CkycUploadsPage() {
  return <CkycUploadsView />;
}
