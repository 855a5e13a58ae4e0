"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { loginAction, ssoSignInAction } from "~/app/login/actions";
import { Button } from "~/components/ui/button";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { LOGIN_ERROR_MESSAGES, type TLoginError, ZLoginRequest } from "./login.schemas";

/** Email + password sign-in; with `sso`, a "Continue with <name>" button above it. `initialError`: a message from the address (e.g. an SSO refusal). */
export function LoginForm({ sso = null, initialError = null }: { sso?: { name: string } | null; initialError?: string | null }) {
  const form = useForm({ resolver: zodResolver(ZLoginRequest), defaultValues: { email: "", password: "" } });
  const { errors } = form.formState;
  const [error, setError] = useState<TLoginError | null>(null);
  const [pending, startTransition] = useTransition();

  const onSubmit = form.handleSubmit((values) => {
    setError(null);
    startTransition(async () => {
      const result = await loginAction(values);
      // only reached on failure: success redirects
      setError(result.error);
      if (result.error === "invalid_credentials") form.setFocus("password");
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormError>{error ? LOGIN_ERROR_MESSAGES[error] : initialError}</FormError>
      {sso ? (
        <>
          <Button type="button" variant="secondary" block onClick={() => startTransition(() => ssoSignInAction())}>
            Continue with {sso.name}
          </Button>
          <p className="flex items-center gap-3 text-xs text-slate-500 uppercase before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
            or
          </p>
        </>
      ) : null}
      <Field id="email" label="Email" error={errors.email?.message}>
        <Input
          {...form.register("email")}
          id="email"
          type="email"
          autoComplete="username"
          autoFocus
          invalid={!!errors.email}
          aria-describedby={describedBy("email", { error: errors.email })}
        />
      </Field>
      <Field id="password" label="Password" error={errors.password?.message}>
        <Input
          {...form.register("password")}
          id="password"
          type="password"
          autoComplete="current-password"
          invalid={!!errors.password}
          aria-describedby={describedBy("password", { error: errors.password })}
        />
      </Field>
      <Button type="submit" block loading={pending}>
        Sign in
      </Button>
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="text-brand-700 hover:underline">
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}
