import type { Metadata, Viewport } from "next";
import { devanagari, inter } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Verify", template: "%s · Verify" },
  description: "Identity verification for India: KYC and KYB.",
  referrer: "no-referrer",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#2a55e0" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" className={`${inter.variable} ${devanagari.variable}`}>
      <body className="min-h-dvh bg-slate-50 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
