"use client";
/**
 * What the flow knows of the applicant's device, from the browser: a desktop (a fine pointer
 * that hovers, no mobile hint) is offered "continue on your phone"; the platform and an in-app
 * browser pick which camera instructions come first. Read during render (use-client-value.ts):
 * the server and hydration see `false` / `"other"`.
 */
import { createContext, useContext } from "react";
import { useClientValue } from "~/components/ui/use-client-value";

/** Platforms with their own camera instructions (components/flow/handoff/camera-help.tsx). */
export type Platform = "android" | "ios" | "in_app" | "desktop" | "other";

/** In-app browsers of the apps a verification link is most often opened from (their user-agent markers). */
const IN_APP = /FBAN|FBAV|FB_IAB|Instagram|WhatsApp|Line\/|Snapchat|Twitter|LinkedInApp|GSA\/|; wv\)/;

/** The platform of user agent `ua` (`touch`: the device has a touch screen, as iPadOS claims to be a Mac). */
export function platformOf(ua: string, touch: boolean): Platform {
  if (IN_APP.test(ua)) return "in_app";
  if (/Android/i.test(ua)) return "android";
  if (/iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && touch)) return "ios";
  return touch ? "other" : "desktop";
}

function readPlatform(): Platform {
  return platformOf(navigator.userAgent, navigator.maxTouchPoints > 0);
}

function readDesktop(): boolean {
  const mobileHint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile === true;
  return !mobileHint && window.matchMedia("(hover: hover) and (pointer: fine)").matches && readPlatform() === "desktop";
}

/** The browser's platform ("other" on the server and while hydrating). */
export function usePlatform(): Platform {
  return useClientValue(readPlatform, "other");
}

/** True on a desktop browser (false on the server and while hydrating). */
export function useIsDesktop(): boolean {
  return useClientValue(readDesktop, false);
}

/** The session whose flow is on screen, for "continue on your phone" deep in a step (null outside the flow). */
export const HandoffSessionContext = createContext<string | null>(null);

export function useHandoffSession(): string | null {
  return useContext(HandoffSessionContext);
}
