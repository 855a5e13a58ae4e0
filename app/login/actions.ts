"use server";
import { AuthError, CredentialsSignin } from "next-auth";
import { type TLoginError, ZLoginRequest } from "~/components/dashboard/login.schemas";
import { signIn, ssoProvider } from "~/server/auth/auth";

/**
 * Signs a dashboard user in. On success `signIn` throws Next's redirect to /dashboard (let it
 * through); a failed sign-in comes back as an error code for the form.
 */
export async function loginAction(input: unknown): Promise<{ error: TLoginError }> {
  const parsed = ZLoginRequest.safeParse(input);
  if (!parsed.success) return { error: "invalid_input" };
  try {
    await signIn("credentials", { email: parsed.data.email, password: parsed.data.password, redirectTo: "/dashboard" });
  } catch (err) {
    if (err instanceof CredentialsSignin) return { error: err.code === "account_locked" ? "account_locked" : "invalid_credentials" };
    if (err instanceof AuthError) return { error: "unknown" };
    throw err;
  }
  return { error: "unknown" };
}

/** Starts single sign-on with the configured OIDC provider (server/auth/oidc-config.ts); redirects to it. */
export async function ssoSignInAction(): Promise<void> {
  const sso = ssoProvider();
  if (!sso) return;
  await signIn(sso.id, { redirectTo: "/dashboard" });
}
