"use client";
/**
 * Warns before unsaved edits are lost: the browser's own prompt on reload, close or a typed
 * URL (`beforeunload`), and a confirm dialog before following a link inside the dashboard
 * (the App Router has no navigation-blocking API, so link clicks are intercepted).
 */
import { useEffect } from "react";

export const UNSAVED_MESSAGE = "You have unsaved changes to this workflow. Leave without saving?";

export function useUnsavedChangesWarning(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    const onClick = (e: MouseEvent) => {
      const link = (e.target as Element | null)?.closest?.("a[href]");
      if (!link || (link as HTMLAnchorElement).target === "_blank" || e.defaultPrevented) return;
      if (!window.confirm(UNSAVED_MESSAGE)) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty]);
}
