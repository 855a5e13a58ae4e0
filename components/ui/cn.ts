/** Joins class names, skipping falsy ones (no tailwind-merge: components expose variants instead of overrides). */
export function cn(...classes: (string | false | null | undefined)[]): string {
  return classes.filter(Boolean).join(" ");
}

/**
 * The one focus ring every interactive element uses (visible on keyboard focus only, WCAG 2.4.7).
 * Tailwind 4's `outline-2` sets only the width and reads the style from `--tw-outline-style`,
 * which `outline-none`/`outline-hidden` set to `none`: the focused state sets `outline-solid` again.
 */
export const focusRing = "outline-hidden focus-visible:outline-solid focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";
