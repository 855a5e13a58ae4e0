/**
 * GSTIN (Goods and Services Tax Identification Number) structure. Sources: CGST Rules 2017,
 * rule 10 and Form GST REG-06 (the certificate printing the GSTIN), the GSTN/CBIC FAQ
 * "Structure of GSTIN", and the GST state code list (CBIC; codes 01-38, 97 Other Territory,
 * 99 Centre Jurisdiction). 15 characters:
 *   1-2  state code            5-12 (3-12) the holder's PAN      13 entity number (1-9, A-Z)
 *   14   `Z` (default)         15   check character: Luhn mod N with N = 36 over the first 14
 *        (the GSTN algorithm; the published example `27AAPFU0939F1ZV` reproduces it).
 * Special registrations without a PAN (UN bodies, non-resident OIDAR, TDS/TCS with a TAN) have
 * other layouts and are reported as `gstin_format_invalid` / `gstin_pan_invalid`.
 */
import { panProblem } from "../pan";

export { compactUpper as normalizeGstin } from "./normalize";

/** GST state codes and names (CBIC list). 25 (Daman and Diu) was merged into 26 in 2020; old GSTINs keep it. */
export const GST_STATE_CODES: Readonly<Record<string, string>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "25": "Daman and Diu",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "28": "Andhra Pradesh (before 2014)",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": "Other Territory",
  "99": "Centre Jurisdiction",
};

const CODE_POINTS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export const GSTIN_PATTERN = /^[0-9]{2}[A-Z0-9]{10}[1-9A-Z]Z[0-9A-Z]$/;

export type GstinProblem = "gstin_format_invalid" | "gstin_state_code_invalid" | "gstin_pan_invalid" | "gstin_checksum_invalid";

/**
 * The GSTIN check character for its first 14 characters (Luhn mod 36): from the left, each
 * character's code point (0-9, A-Z = 10-35) is multiplied by 1, 2, 1, 2, ...; each product adds
 * `floor(p / 36) + p % 36`; the check is `(36 - sum % 36) % 36` as a code point.
 * @throws Error when `first14` is not 14 characters of 0-9 / A-Z.
 */
export function gstinCheckChar(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new Error("gstinCheckChar takes the first 14 characters of a GSTIN");
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CODE_POINTS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CODE_POINTS[(36 - (sum % 36)) % 36]!;
}

/**
 * Validates a normalized GSTIN (see the module comment for the layout).
 * @returns null when valid, else the first problem: format, state code, embedded PAN (`panProblem`), check character.
 */
export function gstinProblem(gstin: string): GstinProblem | null {
  if (!GSTIN_PATTERN.test(gstin)) return "gstin_format_invalid";
  if (!(gstin.slice(0, 2) in GST_STATE_CODES)) return "gstin_state_code_invalid";
  if (panProblem(gstin.slice(2, 12))) return "gstin_pan_invalid";
  if (gstinCheckChar(gstin.slice(0, 14)) !== gstin[14]) return "gstin_checksum_invalid";
  return null;
}

/** What a valid GSTIN says by itself: state, PAN and entity number (the holder's n-th registration in that state). */
export function gstinInfo(gstin: string): { stateCode: string; state: string; pan: string; entityNumber: number } {
  const stateCode = gstin.slice(0, 2);
  return { stateCode, state: GST_STATE_CODES[stateCode] ?? stateCode, pan: gstin.slice(2, 12), entityNumber: CODE_POINTS.indexOf(gstin[12]!) };
}
