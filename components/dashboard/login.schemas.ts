/** The dashboard sign-in form, shared by the form (react-hook-form) and its server action. */
import { z } from "zod";

export const ZLoginRequest = z.object({
  email: z.email({ error: "Enter a valid email address." }),
  password: z.string().min(1, { error: "Enter your password." }),
});
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export type TLoginError = "invalid_credentials" | "account_locked" | "invalid_input" | "unknown";

export const LOGIN_ERROR_MESSAGES: Record<TLoginError, string> = {
  invalid_credentials: "Wrong email or password.",
  account_locked: "Too many failed attempts. Your account is locked for 15 minutes; try again later.",
  invalid_input: "Enter your email and password.",
  unknown: "We couldn't sign you in. Please try again.",
};
