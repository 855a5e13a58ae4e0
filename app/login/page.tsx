import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "~/components/dashboard/login-form";
import { auth, ssoProvider } from "~/server/auth/auth";
import { getDb } from "~/server/db";
import { needsFirstRunSetup } from "~/server/organizations/create-organization";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

const ERRORS: Record<string, string> = {
  sso_no_account: "Your single sign-on account has no Verify dashboard account. Ask an owner of your organization to invite you.",
  AccessDenied: "Single sign-on was refused. Ask an owner of your organization to invite you.",
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { error } = await searchParams;
  const session = await auth();
  if (session?.user?.id) redirect("/dashboard");
  // a fresh installation: nobody can sign in before the first organization and owner exist
  if (await needsFirstRunSetup(await getDb())) redirect("/setup");
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <p className="mb-6 text-center text-xl font-semibold tracking-tight text-slate-900">
          <span className="text-brand-600">●</span> Verify
        </p>
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-lg font-semibold text-slate-900">Sign in to your dashboard</h1>
          <p className="mt-1 mb-6 text-sm text-slate-500">Review sessions and manage verification for your organization.</p>
          <LoginForm sso={ssoProvider()} initialError={typeof error === "string" ? (ERRORS[error] ?? "We couldn't sign you in. Please try again.") : null} />
        </div>
      </div>
    </main>
  );
}
