/** Test mode's note on a step: which sandbox values give which outcome (one i18n sentence). */
export function SandboxNote({ children }: { children: React.ReactNode }) {
  return (
    <p className="mt-5 rounded-lg border border-dashed border-amber-400 px-4 py-3 text-sm text-amber-900" data-testid="sandbox-hint">
      {children}
    </p>
  );
}
