"use client";
/**
 * Turns the i18n keys that validation and the server send (`errors.<key>`) and the catalog keys
 * of documents into text, with honest fallbacks for keys this version does not know.
 */
import { useTranslations } from "use-intl";

/** `(key) => text` for validation and error keys; an unknown key reads "Please check this field". */
export function useErrorText(): (key: string | null | undefined) => string | undefined {
  const t = useTranslations("errors");
  return (key) => {
    if (!key) return undefined;
    return t.has(key as "generic") ? t(key as "generic") : t("invalid");
  };
}

/** Names of document types, sides, fields and enum values from the catalog, with the catalog's English as fallback. */
export function useCatalogText() {
  const types = useTranslations("docTypes");
  const sides = useTranslations("docSides");
  const fields = useTranslations("docFields");
  const genders = useTranslations("genders");
  const pick = (t: { has: (k: never) => boolean; (k: never): string }, key: string, fallback: string) => (t.has(key as never) ? t(key as never) : fallback);
  return {
    type: (key: string, fallback = key) => pick(types as never, key, fallback),
    side: (key: string) => pick(sides as never, key, key),
    field: (key: string, fallback = key) => pick(fields as never, key, fallback),
    value: (value: string) => pick(genders as never, value, value),
  };
}
