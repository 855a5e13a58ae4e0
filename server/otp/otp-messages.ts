/**
 * The words of OTP emails, per flow locale (`en`, `hi`). SMS text is not here: in India it is
 * a DLT-registered template held by the SMS provider (see msg91-sms-sender.ts); only the code
 * travels as a variable.
 */
import type { TLocale } from "../workflows/workflow.schemas";

export interface OtpEmailText {
  subject: (v: { projectName: string }) => string;
  text: (v: { code: string; projectName: string; minutes: number }) => string;
}

export const OTP_MESSAGES: Record<TLocale, OtpEmailText> = {
  en: {
    subject: ({ projectName }) => `Your verification code for ${projectName}`,
    text: ({ code, projectName, minutes }) =>
      `Your code to verify your email address for ${projectName} is ${code}.\n\n` +
      `It expires in ${minutes} minutes. Do not share it with anyone; ${projectName} will never ask you for it.\n\n` +
      `If you did not ask for this code, you can ignore this email.`,
  },
  hi: {
    subject: ({ projectName }) => `${projectName} के लिए आपका सत्यापन कोड`,
    text: ({ code, projectName, minutes }) =>
      `${projectName} के लिए आपका ईमेल पता सत्यापित करने का कोड ${code} है।\n\n` +
      `यह ${minutes} मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें; ${projectName} आपसे यह कोड कभी नहीं माँगेगा।\n\n` +
      `यदि आपने यह कोड नहीं माँगा था, तो इस ईमेल को अनदेखा करें।`,
  },
};

/** A supported locale for `locale`, falling back to English. */
export function otpLocale(locale: string | null | undefined): TLocale {
  return locale === "hi" ? "hi" : "en";
}
