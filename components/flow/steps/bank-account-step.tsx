"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery } from "@tanstack/react-query";
import { useForm, useWatch } from "react-hook-form";
import { useTranslations } from "use-intl";
import { useTRPC } from "~/components/trpc/react";
import { ifscProblem, normalizeIfsc } from "~/server/checks/validators/ifsc";
import { type TBankAccountForm, type TBankAccountStepInput, ZBankAccountStepInput } from "~/server/steps/bank-account/bank-account.schemas";
import type { StepProps } from "../flow-types";
import { useErrorText } from "../i18n/use-error-text";
import { KybTextField, upperNoSpaces } from "../kyb-field";
import { StepFormFooter, useStepForm } from "../step-form";
import { UpiPayment } from "./upi-payment";
import { SandboxNote } from "../sandbox-note";

const FIELDS = ["account_number", "account_number_confirm", "ifsc"] as const;

const text = (v: unknown) => (typeof v === "string" ? v : "");

/** The account number inputs (typed, then typed again): digits, no autofill. */
const ACCOUNT_NUMBER = { inputMode: "numeric", autoComplete: "off", mono: true } as const;

/**
 * `bank_account`: by the step's `method`, the applicant's own ₹1 UPI payment (reverse penny drop,
 * ./upi-payment.tsx) or the penny drop form.
 */
export function BankAccountStep(props: StepProps) {
  return props.step.settings.method === "reverse_penny_drop" ? <UpiPayment {...props} /> : <PennyDropForm {...props} />;
}

/**
 * The account number (typed twice) and IFSC. The bank is looked up in the RBI list as soon as
 * the IFSC is complete; the penny drop (in.bank_account.verify, in the holder's name) runs with
 * the session's checks.
 */
function PennyDropForm({ sessionId, state, step, isLast, editing, onDone }: StepProps) {
  const t = useTranslations("kyb");
  const errorText = useErrorText();
  const trpc = useTRPC();
  const previous = (step.values ?? {}) as Record<string, unknown>;
  const form = useForm<TBankAccountForm, unknown, TBankAccountStepInput>({
    resolver: zodResolver(ZBankAccountStepInput),
    mode: "onTouched",
    defaultValues: { account_number: text(previous.account_number), account_number_confirm: text(previous.account_number), ifsc: text(previous.ifsc) },
  });
  const { register, formState, control } = form;
  const errors = formState.errors;
  // the server checks the repeated number itself, so it gets the form as typed
  const { onSubmit, formError, pending } = useStepForm(form, { sessionId, step: step.name, onDone, fields: FIELDS, asTyped: true });
  const typedIfsc = useWatch({ control, name: "ifsc" });
  const ifsc = normalizeIfsc(typedIfsc ?? "");
  const complete = ifsc.length === 11 && !ifscProblem(ifsc);
  const branch = useQuery(trpc.flow.lookupIfsc.queryOptions({ sessionId, ifsc }, { enabled: complete, staleTime: Infinity }));
  const ifscRegister = register("ifsc");

  // a KYC session's own account, a KYB session's business account
  const personal = state.session.type === "kyc";
  const bank = complete && branch.data ? (branch.data.exists ? t("bankFound", { name: branch.data.bank_name ?? branch.data.ifsc }) : t("bankNotFound")) : null;
  return (
    <form onSubmit={onSubmit} noValidate data-testid="flow-step-bank-account">
      <h1 className="text-2xl font-semibold text-slate-900 outline-none">{personal ? t("bankTitlePersonal") : t("bankTitle")}</h1>
      <p className="mt-2 text-base text-slate-600">{personal ? t("bankIntroPersonal") : t("bankIntro")}</p>
      {state.session.mode === "test" && !editing ? <SandboxNote>{t("bankSandbox")}</SandboxNote> : null}
      <div className="mt-6 space-y-5">
        <KybTextField
          label={t("accountNumber")}
          error={errorText(errors.account_number?.message)}
          {...ACCOUNT_NUMBER}
          data-testid="field-account-number"
          {...register("account_number")}
        />
        <KybTextField
          label={t("accountNumberConfirm")}
          error={errorText(errors.account_number_confirm?.message)}
          {...ACCOUNT_NUMBER}
          onPaste={(e) => e.preventDefault()}
          data-testid="field-account-number-confirm"
          {...register("account_number_confirm")}
        />
        <div>
          <KybTextField
            label={t("ifsc")}
            hint={t("ifscHint")}
            error={errorText(errors.ifsc?.message)}
            maxLength={11}
            autoComplete="off"
            mono
            data-testid="field-ifsc"
            {...ifscRegister}
            onChange={(e) => (upperNoSpaces(e), ifscRegister.onChange(e))}
          />
          <p
            role="status"
            aria-live="polite"
            className={branch.data?.exists === false ? "mt-1.5 text-sm text-amber-800" : "mt-1.5 text-sm text-slate-700"}
            data-testid="ifsc-bank"
          >
            {bank}
          </p>
        </div>
      </div>
      <StepFormFooter error={formError} pending={pending} isLast={isLast} testId="bank-account-submit" />
    </form>
  );
}
