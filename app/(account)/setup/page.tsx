import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SetupForm } from "~/components/dashboard/account-forms";
import { AuthCard } from "~/components/dashboard/auth-card";
import { getDb } from "~/server/db";
import { needsFirstRunSetup } from "~/server/organizations/create-organization";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up Verify" };

/**
 * First-run setup: shown only while no organization exists (then 404; /login sends here until
 * then). Creates the organization, its owner and a Default project with the India workflows.
 * The setup itself is guarded in the database, so two people submitting at once cannot both win.
 */
export default async function SetupPage() {
  if (!(await needsFirstRunSetup(await getDb()))) notFound();
  return (
    <AuthCard
      title="Set up your organization"
      description="No organization exists yet. Create yours and its first owner: you'll be signed in as that owner, and you can invite your team from the dashboard."
    >
      <SetupForm />
    </AuthCard>
  );
}
