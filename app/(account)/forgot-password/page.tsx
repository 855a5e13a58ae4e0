import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "~/components/dashboard/auth-card";
import { ForgotPasswordForm } from "~/components/dashboard/account-forms";

export const metadata: Metadata = { title: "Reset your password" };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Reset your password"
      description="Enter the email of your dashboard account and we'll send you a link to choose a new password."
      footer={
        <Link href="/login" className="font-medium text-brand-700 hover:underline">
          Back to sign in
        </Link>
      }
    >
      <ForgotPasswordForm />
    </AuthCard>
  );
}
