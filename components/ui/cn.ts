/** Joins class names, skipping falsy ones (no tailwind-merge: components expose variants instead of overrides). */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

/** The one focus ring every interactive element uses (visible on keyboard focus only). */
export const focusRing = "outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
