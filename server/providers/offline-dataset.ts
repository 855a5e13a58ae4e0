/**
 * Offline dataset provider: answers `in.ifsc.lookup` from the RBI list of bank branches as
 * packaged by Razorpay's `ifsc` npm package (MIT; RBI NEFT/RTGS lists plus NPCI sub-member
 * lists). No network call, so test and live mode get the same answer.
 *
 * The package's JSON files are imported directly (its index.js pulls in `request` and an
 * HTTP client). Lookup follows the package's own rules (src/node/index.js `validate`, and the
 * Ruby/PHP `bank_name_for`): `IFSC.json` maps a bank code to its branch codes, all-digit
 * branch codes stored as numbers (`"000261"` -> `261`), others as strings; the bank name comes
 * from `banknames.json`, except for sub-member ("sublet") branches, whose IFSC belongs to a
 * sponsor bank: `custom-sublets.json` (IFSC prefixes; a 4-letter value is a bank code, anything
 * else a bank name) is consulted first, then `sublet.json` (full IFSC -> bank code).
 */
import type { TIfscLookupInput } from "../checks/catalog";
import { type CheckProvider, ProviderUnavailableError, type ProviderResult } from "./provider";

interface IfscDataset {
  branches: Record<string, (string | number)[]>;
  bankNames: Record<string, string>;
  sublets: Record<string, string>;
  customSublets: [prefix: string, value: string][];
}

let dataset: Promise<IfscDataset> | undefined;

/** Loads the JSON files once, on first use (about 1.4 MB). */
function loadDataset(): Promise<IfscDataset> {
  dataset ??= Promise.all([
    import("ifsc/src/IFSC.json"),
    import("ifsc/src/banknames.json"),
    import("ifsc/src/sublet.json"),
    import("ifsc/src/custom-sublets.json"),
  ]).then(([branches, bankNames, sublets, customSublets]) => ({
    branches: branches.default as Record<string, (string | number)[]>,
    bankNames: bankNames.default as Record<string, string>,
    sublets: sublets.default as Record<string, string>,
    customSublets: Object.entries(customSublets.default as Record<string, string>),
  }));
  return dataset;
}

export interface IfscLookup {
  ifsc: string;
  /** The branch is in the RBI list. */
  exists: boolean;
  /** Code of the bank that runs the branch: the sub-member bank's code for a sublet branch, else the IFSC's first 4 letters. */
  bank_code: string;
  /** Null when the bank code is unknown too. */
  bank_name: string | null;
  /** The IFSC belongs to a sponsor bank and is leased to a smaller (usually co-operative) bank. */
  sublet: boolean;
  /** The IFSC's own first 4 letters when `sublet`. */
  sponsor_bank_code?: string;
}

/**
 * Looks a normalized IFSC (`HDFC0000001`) up in the offline RBI dataset.
 * Never throws for unknown codes: `exists: false`, with the bank still named when its code is known.
 */
export async function lookupIfsc(ifsc: string): Promise<IfscLookup> {
  const data = await loadDataset();
  const prefix = ifsc.slice(0, 4);
  const branch = ifsc.slice(5);
  const list = ifsc.length === 11 && ifsc[4] === "0" ? data.branches[prefix] : undefined;
  const exists = !!list && (/^[0-9]+$/.test(branch) ? list.includes(Number.parseInt(branch, 10)) : list.includes(branch));

  const custom = data.customSublets.find(([p]) => ifsc.startsWith(p))?.[1];
  const subletCode = custom && custom.length === 4 ? custom : data.sublets[ifsc];
  const bankCode = subletCode ?? prefix;
  const bankName = custom && custom.length !== 4 ? custom : (data.bankNames[bankCode] ?? null);
  const sublet = custom !== undefined || subletCode !== undefined;
  return { ifsc, exists, bank_code: bankCode, bank_name: bankName, sublet, ...(sublet ? { sponsor_bank_code: prefix } : {}) };
}

/**
 * `in.ifsc.lookup`: `passed` when the branch exists; `failed` with `ifsc_not_found` otherwise.
 * `verified_by: source` (the answer is the RBI list itself).
 */
async function ifscLookup(input: TIfscLookupInput): Promise<ProviderResult> {
  const answer = await lookupIfsc(input.ifsc);
  const base = { score: null, verifiedBy: "source" as const, result: { ...answer } };
  return answer.exists ? { ...base, status: "passed", errorCode: null } : { ...base, status: "failed", errorCode: "ifsc_not_found" };
}

export const offlineDatasetProvider: CheckProvider = {
  name: "offline_dataset",
  supports: (key) => key === "in.ifsc.lookup",
  async verify(key, input) {
    if (key !== "in.ifsc.lookup") throw new ProviderUnavailableError("provider_not_configured", `The offline dataset has no answers for '${key}'.`);
    return ifscLookup(input as TIfscLookupInput);
  },
};
