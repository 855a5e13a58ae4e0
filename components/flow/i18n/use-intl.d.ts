/**
 * Type-checks the hosted flow's `t("…")` calls against the English messages (keys and ICU
 * arguments) and its locales. https://next-intl.dev/docs/workflows/typescript
 */
import type { en } from "./en";
import type { Locale } from "./locales";

declare module "use-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
