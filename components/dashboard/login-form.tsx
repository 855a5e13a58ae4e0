"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { loginAction } from "~/app/login/actions";
import { Button } from "~/components/ui/button";
import { describedBy, Field } from "~/components/ui/field";
import { FormError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { LOGIN_ERROR_MESSAGES, type TLoginError, ZLoginRequest } from "./login.schemas";

export function LoginForm() {
  const form = useForm({ resolver: zodResolver(ZLoginRequest), defaultValues: { email: "", password: "" }, mode: "onTouched" });
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
      <FormError>{error ? LOGIN_ERROR_MESSAGES[error] : null}</FormError>
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
    </form>
  );
}
