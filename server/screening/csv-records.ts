/**
 * A small RFC 4180 reader for the operator's list files: comma-separated fields, fields in
 * double quotes may hold commas, line breaks and doubled quotes (`""`), records end with CRLF or
 * LF. Each record carries the line it starts on, for error messages.
 */

/** One record and the line (1-based) it starts on. */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/** A CSV syntax error at a line. */
export class CsvSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = "CsvSyntaxError";
  }
}

/**
 * Splits CSV text into records. Lines that are entirely empty are skipped.
 * @throws CsvSyntaxError for a quote inside an unquoted field, text after a closing quote, or a
 *   quoted field that never closes (a truncated file), with the line where it happened
 */
export function readCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = "";
  let line = 1;
  let recordLine = 1;
  let i = 0;
  let atFieldStart = true;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0] === "")) records.push({ line: recordLine, fields });
    fields = [];
    field = "";
    atFieldStart = true;
  };
  while (i < text.length) {
    const c = text[i]!;
    if (atFieldStart && c === '"') {
      const openedOn = line;
      i++;
      for (;;) {
        if (i >= text.length) throw new CsvSyntaxError(openedOn, "a quoted field is not closed (is the file cut short?)");
        const q = text[i]!;
        if (q === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        if (q === "\n") line++;
        field += q;
        i++;
      }
      const next = text[i];
      if (next !== undefined && next !== "," && next !== "\n" && next !== "\r") throw new CsvSyntaxError(line, "text after a closing quote");
      atFieldStart = false;
      continue;
    }
    if (c === ",") {
      fields.push(field);
      field = "";
      atFieldStart = true;
      i++;
    } else if (c === "\r" || c === "\n") {
      endRecord();
      i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      line++;
      recordLine = line;
    } else if (c === '"') {
      throw new CsvSyntaxError(line, "a quote inside an unquoted field (quote the whole field and double the quote)");
    } else {
      field += c;
      atFieldStart = false;
      i++;
    }
  }
  if (fields.length || field !== "" || !atFieldStart) endRecord();
  return records;
}
