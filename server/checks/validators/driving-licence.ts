/**
 * Indian driving-licence number in the national format of Sarathi, the licence system of the
 * Ministry of Road Transport and Highways (printed on the uniform licence cards issued since 2019):
 * `SS RR YYYY NNNNNNN`, 15 characters: the state's two-letter vehicle-registration code, the
 * two-digit RTO code, the year of issue and a seven-digit serial. Cards print it with a space
 * or a hyphen (`MH12 20110012345`, `MH-1220110012345`); it is kept without them. Older
 * state-specific numbers (before Sarathi) are not in this format and fail `dl_number_format_invalid`.
 * The number has no check digit.
 */

/**
 * State and union-territory codes of vehicle registration marks (and so of licences), notified
 * under section 41(6) of the Motor Vehicles Act 1988: current codes, Telangana's `TS` (2014-2024) next to
 * `TG`, and the codes of licences still valid: `OR` (Odisha before `OD`), `UA` (Uttaranchal
 * before `UK`), `DD`/`DN` (Daman and Diu, Dadra and Nagar Haveli before their merger).
 */
export const DL_STATE_CODES: ReadonlySet<string> = new Set(
  "AN AP AR AS BR CG CH DD DL DN GA GJ HP HR JH JK KA KL LA LD MH ML MN MP MZ NL OD OR PB PY RJ SK TG TN TR TS UA UK UP WB".split(" "),
);

/** The first year of licences in this numbering's year field (older numbers did not carry one). */
const FIRST_YEAR = 1950;

export type DrivingLicenceProblem = "dl_number_format_invalid" | "dl_state_code_invalid" | "dl_rto_code_invalid" | "dl_year_invalid";

/**
 * @param dl the number without spaces or hyphens.
 * @param now the reference date for "year not in the future" (default: today).
 * @returns null when the number fits the format, else the first problem: layout, state code,
 *   RTO code (`00` is none), year (1950..this year).
 */
export function drivingLicenceProblem(dl: string, now = new Date()): DrivingLicenceProblem | null {
  if (!/^[A-Z]{2}[0-9]{13}$/.test(dl)) return "dl_number_format_invalid";
  if (!DL_STATE_CODES.has(dl.slice(0, 2))) return "dl_state_code_invalid";
  if (dl.slice(2, 4) === "00") return "dl_rto_code_invalid";
  const year = Number(dl.slice(4, 8));
  if (year < FIRST_YEAR || year > now.getUTCFullYear()) return "dl_year_invalid";
  return null;
}
