/**
 * Every Hindi message of the hosted flow, from its two parts (./hi-first.ts, ./hi-steps.ts; each
 * typed against its English part, so a missing or extra key fails tsc). ./locales.ts loads the
 * parts, never this module.
 */
import { hiFirst } from "./hi-first";
import { hiSteps } from "./hi-steps";

export const hi = { ...hiFirst, ...hiSteps };
