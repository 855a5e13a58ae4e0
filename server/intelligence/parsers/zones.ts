/**
 * Zone templates: where a card's fixed-place fields are printed, in card coordinates (fractions
 * of the card's width and height from its top-left corner, the card straightened and cropped to
 * its edges by server/intelligence/ocr/card-bounds.ts). When a page-wide OCR pass misses a field
 * (a line merged with the photo or the guilloche, a label lost), its zone is cut out and read
 * again on its own (server/intelligence/extract-document-fields.ts); the parser then reads the
 * zone's lines like any others, so labels still decide which value is which. Zones are generous
 * (print shops shift the text by a few millimetres) and only used on a page whose shape is a
 * card's (`isCardShaped`).
 *
 * Layouts and their sources are in LAYOUTS.md beside this file.
 */
import type { OcrPage } from "./parse-common";

/** A rectangle on the card: `[x0, y0, x1, y1]`, fractions 0..1 of its width and height. */
export type Zone = [number, number, number, number];

/** One layout of a document type: its name and the zone of each fixed-place field (fields sharing a zone share the re-read). */
export interface ZoneTemplate {
  layout: string;
  zones: Record<string, Zone>;
}

/** ISO/IEC 7810 ID-1 (CR80, 85.60 x 53.98 mm) is 1.586 wide per high, a passport data page (ID-3, 125 x 88 mm) 1.42; a whole 4:3 photo (1.33) is not a card. */
const CARD_ASPECT: [number, number] = [1.38, 1.75];

/**
 * The zone templates per document type key. The text blocks, not single lines: a re-read of a
 * block gives the parser the label with its value.
 */
export const ZONE_TEMPLATES: Readonly<Record<string, ZoneTemplate[]>> = {
  pan_card: [
    {
      // since July 2018: PAN top centre under the emblem; name and father's name below it, under
      // or beside the photo (cards and e-PANs differ); date of birth lowest, left of the QR
      // (LAYOUTS.md "PAN card")
      layout: "pan_2018",
      zones: {
        pan: [0.2, 0.14, 0.8, 0.45],
        name: [0, 0.38, 0.78, 0.8],
        father_name: [0, 0.38, 0.78, 0.8],
        date_of_birth: [0, 0.62, 0.78, 0.98],
      },
    },
  ],
  aadhaar_card: [
    {
      // front: the text block right of the photo (Hindi name, English name, DOB, gender), the
      // number centred near the bottom (LAYOUTS.md "Aadhaar")
      layout: "aadhaar_front",
      zones: {
        name: [0.2, 0.17, 0.78, 0.58],
        date_of_birth: [0.2, 0.17, 0.78, 0.58],
        gender: [0.2, 0.17, 0.78, 0.58],
        aadhaar_last4: [0.08, 0.66, 0.92, 0.9],
      },
    },
  ],
  passport: [
    {
      // Indian data page: number top right, surname and given names right of the photo
      // (LAYOUTS.md "Passport")
      layout: "passport_india",
      zones: {
        passport_number: [0.6, 0.05, 1, 0.24],
        surname: [0.28, 0.18, 1, 0.4],
        given_names: [0.28, 0.18, 1, 0.4],
      },
    },
  ],
};

/** True when the page's image has a card's or passport page's shape (width over height in `CARD_ASPECT`). */
export function isCardShaped(page: Pick<OcrPage, "width" | "height">): boolean {
  if (!page.width || !page.height) return false;
  const aspect = page.width / page.height;
  return aspect >= CARD_ASPECT[0] && aspect <= CARD_ASPECT[1];
}

/**
 * The distinct zones to read again for the fields a first pass did not read with confidence.
 * @param documentType a key of ZONE_TEMPLATES (others have none: empty).
 * @param unread field keys missing or not `valid` after the first pass.
 * @returns zones, each once, in template order.
 */
export function zonesToReread(documentType: string, unread: readonly string[]): Zone[] {
  const out: Zone[] = [];
  for (const t of ZONE_TEMPLATES[documentType] ?? []) {
    for (const [key, zone] of Object.entries(t.zones)) {
      if (unread.includes(key) && !out.some((z) => z.every((v, i) => v === zone[i]))) out.push(zone);
    }
  }
  return out;
}

/** A zone in pixels of a `width` x `height` image: `{ left, top, width, height }` (sharp's `extract`). */
export function zoneRect(zone: Zone, width: number, height: number): { left: number; top: number; width: number; height: number } {
  const left = Math.round(zone[0] * width);
  const top = Math.round(zone[1] * height);
  return { left, top, width: Math.round(zone[2] * width) - left, height: Math.round(zone[3] * height) - top };
}
