/**
 * Reading list files: strict UTF-8 text and XML elements with their line numbers, every failure
 * reported as `listFileError` with the line (and element) where it broke.
 */
import { DOMParser, onErrorStopParsing, ParseError, type Document as XmlDocument, type Element as XmlElement } from "@xmldom/xmldom";
import type { TScreeningSource } from "./screening.schemas";
import { listFileError } from "./list-entry";

/**
 * `bytes` as UTF-8 text without a byte-order mark.
 * @throws DomainError parameter_invalid naming the line of the first byte that is not UTF-8
 */
export function decodeUtf8(source: TScreeningSource, bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    // find the first invalid sequence: the longest prefix that decodes
    let lo = 0;
    let hi = bytes.length;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      try {
        new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, mid), { stream: true });
        lo = mid;
      } catch {
        hi = mid - 1;
      }
    }
    let line = 1;
    for (let i = 0; i < lo; i++) if (bytes[i] === 0x0a) line++;
    throw listFileError(source, `line ${line}`, `the file is not UTF-8 (byte ${lo + 1})`);
  }
}

/**
 * Parses XML, refusing a DTD (no entity expansion of any kind) and stopping at the first error.
 * @throws DomainError parameter_invalid with the line and column of the error; a truncated file
 *   fails at its last line, naming the elements left open
 */
export function parseXml(source: TScreeningSource, text: string): XmlDocument {
  const dtd = /<!DOCTYPE|<!ENTITY/i.exec(text);
  if (dtd) throw listFileError(source, `line ${text.slice(0, dtd.index).split("\n").length}`, "a DTD is not allowed");
  let doc: XmlDocument;
  try {
    doc = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, "text/xml");
  } catch (err) {
    if (!(err instanceof ParseError)) throw err;
    const reason = err.message.replace(/^\[xmldom \w+\]\s*/, "").split("\n")[0]!;
    const unclosed = /unclosed xml tag\(s\): (.*)$/.exec(reason);
    if (unclosed) {
      const open = unclosed[1]!
        .split(/,\s*/)
        .map((t) => `<${t}>`)
        .join(" ");
      throw listFileError(source, `line ${text.trimEnd().split("\n").length}`, `not well-formed XML: the file ends inside ${open} (is it cut short?)`);
    }
    const at = err.locator?.lineNumber ? `line ${err.locator.lineNumber}${err.locator.columnNumber ? `:${err.locator.columnNumber}` : ""}` : null;
    throw listFileError(source, at, `not well-formed XML (${reason})`);
  }
  if (!doc.documentElement) throw listFileError(source, null, "not an XML document");
  return doc;
}

/** `line N <TAG>` of an element, for error messages. */
export function where(el: XmlElement): string {
  const line = (el as unknown as { lineNumber?: number }).lineNumber;
  return `${line ? `line ${line} ` : ""}<${el.localName}>`;
}

/** Child elements of `el` with the given local name (any namespace), in order. */
export function children(el: XmlElement, localName: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) if (n.nodeType === 1 && (n as XmlElement).localName === localName) out.push(n as XmlElement);
  return out;
}

/** The first child element with the given local name, or null. */
export function child(el: XmlElement, localName: string): XmlElement | null {
  return children(el, localName)[0] ?? null;
}

/** Text of the first child element with the given local name, whitespace collapsed; null when absent or empty. */
export function childText(el: XmlElement | null, localName: string): string | null {
  const c = el ? child(el, localName) : null;
  const v = (c?.textContent ?? "").replace(/\s+/g, " ").trim();
  return v ? v : null;
}

/** Texts of `<list><item>…</item>…</list>` (e.g. `NATIONALITY/VALUE`, `programList/program`), empty ones dropped. */
export function listTexts(el: XmlElement, list: string, item: string): string[] {
  return children(el, list).flatMap((l) =>
    children(l, item)
      .map((i) => (i.textContent ?? "").replace(/\s+/g, " ").trim())
      .filter(Boolean),
  );
}
