import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import { pageLocale } from "~/server/embed/flow-frame-ancestors";
import { preloadPageFont } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Verify", template: "%s · Verify" },
  description: "Identity verification for India: KYC and KYB.",
  referrer: "no-referrer",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#2a55e0" };

/**
 * Every page's `<html>`: `lang` is the page's language from the server (the hosted flow's
 * session's language, which the proxy passes on; English elsewhere), so the first HTML of a Hindi
 * flow page already says `lang="hi"` (WCAG 3.1.1), and a page that writes in Inter preloads it
 * (./fonts.ts). Reading the request makes every page render per request.
 */
export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const requestHeaders = await headers();
  const lang = pageLocale(requestHeaders);
  preloadPageFont(requestHeaders);
  return (
    <html lang={lang}>
      <body className="min-h-dvh bg-slate-50 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
