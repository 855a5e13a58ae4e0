"use client";
/**
 * Single-key shortcuts of the review queue and the case view (a approve, d decline, r
 * resubmission, c claim, j / k next / previous, / search, ? this list). They never fire while
 * the user types in a field, with a modifier key held, or while a dialog is open.
 */
import { useEffect, useEffectEvent, useState } from "react";
import { Button } from "~/components/ui/button";
import { Modal } from "../modal";

/** True for elements that take typed text (a shortcut there would eat a letter). */
export function isTypingTarget(el: EventTarget | null): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable) return true;
  if (el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  return el instanceof HTMLInputElement && !["radio", "checkbox", "button", "submit"].includes(el.type);
}

/**
 * Calls `handlers[key]` on a plain key press (`?` included). The latest handlers are used
 * without re-subscribing. `?` opens the shortcuts dialog unless a handler takes it.
 */
export function useShortcuts(handlers: Record<string, (() => void) | undefined>, enabled = true): void {
  const onKeyEvent = useEffectEvent((e: KeyboardEvent) => {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || e.repeat || isTypingTarget(e.target)) return;
    if (document.querySelector("dialog[open]")) return;
    const handler = handlers[e.key] ?? handlers[e.key.toLowerCase()];
    if (!handler) return;
    e.preventDefault();
    handler();
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => onKeyEvent(e);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [enabled]);
}

/** A key as the UI shows it in hints (`aria-hidden`: buttons carry `aria-keyshortcuts`). */
export function Kbd({ children, className = "" }: { children: React.ReactNode; className?: string }) {
  return (
    <kbd aria-hidden="true" className={`rounded border border-slate-300 bg-white px-1.5 font-mono text-[11px] leading-4 text-slate-500 ${className}`}>
      {children}
    </kbd>
  );
}

export interface ShortcutHelp {
  keys: string;
  action: string;
}

/** The `?` dialog listing the page's shortcuts; also opened by its own button. */
export function ShortcutsHelp({ shortcuts }: { shortcuts: readonly ShortcutHelp[] }) {
  const [open, setOpen] = useState(false);
  useShortcuts({ "?": () => setOpen(true) });
  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-keyshortcuts="?">
        Shortcuts <Kbd className="ml-1.5">?</Kbd>
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Keyboard shortcuts" size="sm" footer={<Button onClick={() => setOpen(false)}>Close</Button>}>
        <dl className="grid grid-cols-[5rem_1fr] gap-x-4 gap-y-2 text-sm" data-testid="shortcuts-list">
          {shortcuts.map((s) => (
            <div key={s.keys} className="contents">
              <dt>
                <Kbd>{s.keys}</Kbd>
              </dt>
              <dd className="text-slate-700">{s.action}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-xs text-slate-500">Shortcuts do nothing while you type in a field.</p>
      </Modal>
    </>
  );
}
