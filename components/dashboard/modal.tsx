"use client";
/**
 * A modal dialog on the native `<dialog>` element (`showModal()`: focus is moved in and kept
 * inside, Escape closes, the page behind is inert). Open it by rendering it with `open`.
 */
import { useEffect, useId, useRef } from "react";
import { cn } from "~/components/ui/cn";

export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "md",
  dismissable = true,
}: {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  children?: React.ReactNode;
  footer?: React.ReactNode;
  size?: "sm" | "md";
  /** false: Escape and the backdrop do not close it (e.g. while a secret is shown once) */
  dismissable?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(e) => {
        e.preventDefault();
        if (dismissable) onClose();
      }}
      onClick={(e) => {
        if (dismissable && e.target === e.currentTarget) onClose();
      }}
      className={cn(
        "m-auto w-[calc(100%-2rem)] rounded-lg border border-slate-200 bg-white p-0 text-slate-900 shadow-xl backdrop:bg-slate-900/40",
        size === "sm" ? "max-w-md" : "max-w-lg",
      )}
    >
      {open ? (
        <div>
          <div className="px-6 pt-5">
            <h2 id={titleId} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            ) : null}
          </div>
          {children ? <div className="px-6 pt-4">{children}</div> : null}
          {footer ? (
            <div className="mt-5 flex justify-end gap-2 rounded-b-lg border-t border-slate-200 bg-slate-50 px-6 py-3">{footer}</div>
          ) : (
            <div className="h-5" />
          )}
        </div>
      ) : null}
    </dialog>
  );
}
