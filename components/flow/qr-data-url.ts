"use client";
/**
 * A QR code as an SVG data URL, for the screens that show one (continue on your phone, the UPI
 * payment of a reverse penny drop). The encoder (`qrcode`) loads with the first code, so it is in
 * no other screen's code.
 */
export async function qrDataUrl(text: string): Promise<string> {
  const { toString } = await import("qrcode");
  const svg = await toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
