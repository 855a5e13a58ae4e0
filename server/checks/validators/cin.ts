/**
 * Company and LLP identifiers issued by the Ministry of Corporate Affairs (MCA21).
 *
 * CIN (Corporate Identity Number), Companies Act 2013 / Companies (Incorporation) Rules 2014
 * and the MCA21 "CIN" help text: 21 characters, `L17110MH1973PLC019786` =
 *   `L`/`U` listed or unlisted · 5-digit NIC industry code (National Industrial Classification)
 *   · 2-letter state of the registrar (`CIN_STATE_CODES`) · 4-digit year of incorporation ·
 *   3-letter ownership class · 6-digit registration number at the Registrar of Companies.
 *
 * LLPIN (LLP Identification Number), Limited Liability Partnership Act 2008 / LLP Rules 2009:
 * three letters, a hyphen and four digits, `AAB-1234`.
 */
import { compactUpper } from "./normalize";

export { compactUpper as normalizeCin } from "./normalize";

/** MCA ownership classes (characters 16-18 of a CIN). */
export const CIN_OWNERSHIP_CLASSES = {
  PLC: "public_limited_company",
  PTC: "private_limited_company",
  OPC: "one_person_company",
  GOI: "union_government_company",
  SGC: "state_government_company",
  FLC: "financial_lease_company",
  FTC: "subsidiary_of_foreign_company",
  NPL: "not_for_profit_licence_company",
  GAP: "guarantee_association_public",
  GAT: "guarantee_association_private",
  ULL: "unlimited_liability_public",
  ULT: "unlimited_liability_private",
} as const;

export type CinOwnershipClass = keyof typeof CIN_OWNERSHIP_CLASSES;

/**
 * State codes of CINs (characters 7-8): the registrar's state or union territory as MCA21 codes
 * it, which is neither ISO 3166-2:IN nor the vehicle / GST codes: Chhattisgarh `CT` (not `CG`),
 * Odisha `OR` (not `OD`), Telangana `TG` (not `TS`), Uttarakhand `UR` (Uttaranchal, its name in
 * 2000; not `UK` or `UT`), and two city registrars inside a state: `PN` (RoC Pune, Maharashtra)
 * and `TZ` (RoC Coimbatore, Tamil Nadu). Source: MCA publishes no code table with the CIN
 * rules; this is the set of codes in CINs that MCA21 issued (certificates of incorporation, MCA
 * company master data), checked for the codes that differ against CINs of companies of those
 * states (`L72300PN1990PLC056696` Persistent Systems, Pune; `L72200TG1991PLC013134` Cyient,
 * Hyderabad; Raipur, Bhubaneswar and Dehradun companies with `CT`, `OR` and `UR` next to GSTINs
 * of states 22, 21 and 05). No CIN with `CG`, `OD`, `TS`, `UK` or `UT` was found. `LA` (Ladakh,
 * a union territory since 2019) is accepted although no CIN with it was seen.
 */
export const CIN_STATE_CODES: Readonly<Record<string, string>> = {
  AN: "Andaman and Nicobar Islands",
  AP: "Andhra Pradesh",
  AR: "Arunachal Pradesh",
  AS: "Assam",
  BR: "Bihar",
  CH: "Chandigarh",
  CT: "Chhattisgarh",
  DD: "Daman and Diu",
  DL: "Delhi",
  DN: "Dadra and Nagar Haveli",
  GA: "Goa",
  GJ: "Gujarat",
  HP: "Himachal Pradesh",
  HR: "Haryana",
  JH: "Jharkhand",
  JK: "Jammu and Kashmir",
  KA: "Karnataka",
  KL: "Kerala",
  LA: "Ladakh",
  LD: "Lakshadweep",
  MH: "Maharashtra",
  ML: "Meghalaya",
  MN: "Manipur",
  MP: "Madhya Pradesh",
  MZ: "Mizoram",
  NL: "Nagaland",
  OR: "Odisha",
  PB: "Punjab",
  PN: "Maharashtra (RoC Pune)",
  PY: "Puducherry",
  RJ: "Rajasthan",
  SK: "Sikkim",
  TG: "Telangana",
  TN: "Tamil Nadu",
  TR: "Tripura",
  TZ: "Tamil Nadu (RoC Coimbatore)",
  UP: "Uttar Pradesh",
  UR: "Uttarakhand",
  WB: "West Bengal",
};

export const CIN_PATTERN = /^([LU])([0-9]{5})([A-Z]{2})([0-9]{4})([A-Z]{3})([0-9]{6})$/;
export const LLPIN_PATTERN = /^[A-Z]{3}-[0-9]{4}$/;

/** The first Indian companies act (Joint Stock Companies Act) is of 1850: no older incorporation year. */
const FIRST_INCORPORATION_YEAR = 1850;

export type CinProblem = "cin_format_invalid" | "cin_state_code_invalid" | "cin_ownership_class_invalid" | "cin_year_invalid";

/**
 * Validates a normalized CIN.
 * @param now the reference date for "year not in the future" (default: today)
 * @returns null when valid, else the first problem: layout, state code (`CIN_STATE_CODES`),
 *   ownership class, year (1850..this year).
 */
export function cinProblem(cin: string, now: Date = new Date()): CinProblem | null {
  const m = CIN_PATTERN.exec(cin);
  if (!m) return "cin_format_invalid";
  if (!Object.hasOwn(CIN_STATE_CODES, m[3]!)) return "cin_state_code_invalid";
  if (!(m[5]! in CIN_OWNERSHIP_CLASSES)) return "cin_ownership_class_invalid";
  const year = Number(m[4]);
  if (year < FIRST_INCORPORATION_YEAR || year > now.getUTCFullYear()) return "cin_year_invalid";
  return null;
}

/** The parts of a valid CIN. */
export function cinInfo(cin: string) {
  const m = CIN_PATTERN.exec(cin);
  if (!m) throw new Error("cinInfo takes a valid CIN");
  const ownershipClass = m[5] as CinOwnershipClass;
  return {
    listed: m[1] === "L",
    nicCode: m[2]!,
    stateCode: m[3]!,
    incorporationYear: Number(m[4]),
    ownershipClass,
    ownership: CIN_OWNERSHIP_CLASSES[ownershipClass],
    registrationNumber: m[6]!,
  };
}

/** Upper-cases, strips spaces and restores the hyphen when it was left out (`aab1234` -> `AAB-1234`). */
export function normalizeLlpin(raw: string): string {
  const compact = compactUpper(raw);
  return /^[A-Z]{3}[0-9]{4}$/.test(compact) ? `${compact.slice(0, 3)}-${compact.slice(3)}` : compact;
}

/** @returns null for a well-formed LLPIN, else `llpin_format_invalid`. */
export function llpinProblem(llpin: string): "llpin_format_invalid" | null {
  return LLPIN_PATTERN.test(llpin) ? null : "llpin_format_invalid";
}
