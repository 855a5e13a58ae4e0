"use client";
/**
 * Values only the browser knows (its time zone, `window.location.origin`), read during render
 * without an effect: `useSyncExternalStore` gives `serverValue` on the server and during
 * hydration, so the HTML matches, then re-renders once with the browser's value. On a mount
 * after hydration (client-side navigation) the browser's value comes at once.
 */
import { useSyncExternalStore } from "react";

/** These values never change while the page is open: nothing to subscribe to. */
const subscribeNever = () => () => {};

/**
 * `read()` in the browser, `serverValue` on the server and while hydrating.
 * `read` must be pure and give equal (`Object.is`) results on each call: a primitive, or a
 * cached object.
 */
export function useClientValue<T>(read: () => T, serverValue: T): T {
  return useSyncExternalStore(subscribeNever, read, () => serverValue);
}

/** False on the server and while hydrating, true once the page runs in the browser. */
export function useHydrated(): boolean {
  return useClientValue(() => true, false);
}
