import Link from "next/link";
import { buttonClasses } from "~/components/ui/button";

/** Public landing: what this is and a way into the dashboard; nothing about any tenant. */
export default function HomePage() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-2xl flex-col justify-center px-6 py-16">
      <p className="text-sm font-semibold tracking-wide text-brand-600 uppercase">Verify</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-balance text-slate-900 sm:text-4xl">Identity verification for India</h1>
      <p className="mt-4 text-base text-pretty text-slate-600">
        KYC and KYB for businesses: PAN checks against the registry, DPDP-compliant consent, a hosted flow in English and Hindi, and a review dashboard for your
        team.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link href="/dashboard" className={buttonClasses({ size: "lg" })}>
          Go to the dashboard
        </Link>
        <a href="/docs/api" className={buttonClasses({ size: "lg", variant: "secondary" })}>
          API reference
        </a>
      </div>
    </main>
  );
}
