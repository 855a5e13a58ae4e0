"use client";
import { Button } from "~/components/ui/button";
import { FormError } from "~/components/ui/field-error";

/**
 * The end of a dashboard form shown inline (not in a Modal, which has its own footer): the
 * form-level error, then Cancel and the submit button (spinning while `submitting`), right-aligned.
 */
export function FormActions({
  error,
  submitLabel,
  submitting,
  onCancel,
}: {
  error?: string | null;
  submitLabel: string;
  submitting: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <FormError>{error}</FormError>
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
