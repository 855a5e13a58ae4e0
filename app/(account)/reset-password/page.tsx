import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "~/components/dashboard/auth-card";
import { ResetPasswordForm } from "~/components/dashboard/account-forms";

export const metadata: Metadata = { title: "Choose a new password" };

/** Opened from the emailed link `/reset-password#token=...` (the token never reaches the server's logs). */
export default function ResetPasswordPage() {
  return (
    <AuthCard
      title="Choose a new password"
      description="Use at least 10 characters. You'll be signed in right after."
      footer={
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <ResetPasswordForm />
    </AuthCard>
  );
}
