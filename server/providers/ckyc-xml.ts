/**
 * The message format of the Central KYC Records Registry (CKYCR, run by CERSAI) APIs, shared
 * by the live adapter (./ckyc-cersai.ts) and its loopback fake (./ckyc-cersai.fixture.ts).
 *
 * CERSAI "Secured Search and Download API" (v1.1, 2020; v1.3 adds the CKYC reference id and the
 * masked CKYC number) and the record upload follow one envelope:
 *
 * ```xml
 * <REQ_ROOT>                                  (CKYC_DOWNLOAD_REQUEST, CKYC_UPLOAD_REQUEST, ...)
 *   <HEADER><FI_CODE/><REQUEST_ID/><VERSION/></HEADER>
 *   <CKYC_INQ>
 *     <PID>base64(AES-256-ECB/PKCS#7(session key, <PID_DATA>...</PID_DATA>))</PID>
 *     <SESSION_KEY>base64(RSA-OAEP(recipient's public key, 32-byte session key))</SESSION_KEY>
 *     <ERROR/>                                (answers only: the registry's error text)
 *   </CKYC_INQ>
 *   <Signature xmlns="http://www.w3.org/2000/09/xmldsig#">...</Signature>
 * </REQ_ROOT>
 * ```
 *
 * The sender signs the whole document (enveloped XMLDSig, RSA-SHA256, C14N, `Reference URI=""`):
 * the financial institution with the key whose certificate it registered with CKYCR, CERSAI with
 * its own. A request's PID is encrypted for CERSAI's public key, an answer's for the FI's. The
 * session key is fresh for every message. AES in ECB mode is what the registry's format uses
 * (the PID is one short message under a single-use key); it is not a choice of ours.
 *
 * XML is built and read with @xmldom/xmldom (documents with a DTD are refused: no entity
 * expansion) and signed and verified with xml-crypto, as offline e-KYC
 * (server/checks/aadhaar/offline-ekyc.ts).
 */
import {
  createCipheriv,
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  privateDecrypt,
  publicEncrypt,
  randomBytes,
  type KeyObject,
  constants,
} from "node:crypto";
import { DOMImplementation, DOMParser, onErrorStopParsing, XMLSerializer, type Element as XmlElement } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";

const DSIG_NS = "http://www.w3.org/2000/09/xmldsig#";

/** An XML element's content: text, child elements by name (a list repeats the element), or empty. */
export type XmlTree = string | null | { [name: string]: XmlTree | XmlTree[] };

/** Builds `<root>` from a tree; element and text content are escaped by the serializer. */
export function buildXml(root: string, tree: XmlTree): string {
  const doc = new DOMImplementation().createDocument(null, root, null);
  const fill = (el: XmlElement, value: XmlTree) => {
    if (value === null) return;
    if (typeof value === "string") {
      el.appendChild(doc.createTextNode(value));
      return;
    }
    for (const [name, child] of Object.entries(value)) {
      for (const item of Array.isArray(child) ? child : [child]) {
        const node = doc.createElement(name);
        fill(node, item);
        el.appendChild(node);
      }
    }
  };
  fill(doc.documentElement!, tree);
  return new XMLSerializer().serializeToString(doc);
}

/** Parses XML with xmldom, refusing DTDs and stopping at the first error; null when unreadable. */
export function parseXml(text: string): XmlElement | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  try {
    return new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, "text/xml").documentElement ?? null;
  } catch {
    return null;
  }
}

/** The child elements of `el` (no text or comment nodes). */
function childElements(el: XmlElement): XmlElement[] {
  return Array.from(el.childNodes).filter((n): n is XmlElement => n.nodeType === 1);
}

/** An element as a tree: its text when it has no child elements, else its children by name (repeated names become lists). */
export function readTree(el: XmlElement): XmlTree {
  const children = childElements(el).filter((c) => c.namespaceURI !== DSIG_NS);
  if (!children.length) return el.textContent?.trim() || null;
  const out: Record<string, XmlTree | XmlTree[]> = {};
  for (const c of children) {
    const name = c.localName ?? c.nodeName;
    const value = readTree(c);
    const prev = out[name];
    out[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

/** A text leaf of a tree, or null. */
export function text(tree: XmlTree | XmlTree[] | undefined, ...path: string[]): string | null {
  let node: XmlTree | XmlTree[] | undefined = tree;
  for (const p of path) {
    if (Array.isArray(node)) node = node[0];
    node = node && typeof node === "object" ? (node as Record<string, XmlTree | XmlTree[]>)[p] : undefined;
  }
  if (Array.isArray(node)) node = node[0];
  return typeof node === "string" && node.trim() !== "" ? node.trim() : null;
}

/** The elements at `path` as a list (none, one or many). */
export function list(tree: XmlTree | undefined, ...path: string[]): XmlTree[] {
  let node: XmlTree | XmlTree[] | undefined = tree;
  for (const p of path) {
    if (Array.isArray(node)) node = node[0];
    node = node && typeof node === "object" ? (node as Record<string, XmlTree | XmlTree[]>)[p] : undefined;
  }
  return node === undefined || node === null ? [] : Array.isArray(node) ? node : [node];
}

/** Encrypts `<PID_DATA>` for the recipient's RSA public key with a fresh AES-256 session key. */
export function sealPid(pidXml: string, recipient: KeyObject): { pid: string; sessionKey: string } {
  const key = randomBytes(32);
  const cipher = createCipheriv("aes-256-ecb", key, null);
  const pid = Buffer.concat([cipher.update(pidXml, "utf8"), cipher.final()]).toString("base64");
  const sessionKey = publicEncrypt({ key: recipient, padding: constants.RSA_PKCS1_OAEP_PADDING }, key).toString("base64");
  return { pid, sessionKey };
}

/**
 * Decrypts a PID with the recipient's private key.
 * @throws Error when the session key or the PID does not decrypt.
 */
export function openPid(pid: string, sessionKey: string, recipient: KeyObject): string {
  const key = privateDecrypt({ key: recipient, padding: constants.RSA_PKCS1_OAEP_PADDING }, Buffer.from(sessionKey, "base64"));
  const decipher = createDecipheriv("aes-256-ecb", key, null);
  return Buffer.concat([decipher.update(Buffer.from(pid, "base64")), decipher.final()]).toString("utf8");
}

/** Signs the whole document (enveloped, RSA-SHA256, C14N, `URI=""`), the signature the last child of the root. */
export function signXml(xml: string, signer: KeyObject): string {
  const sig = new SignedXml({
    privateKey: signer.export({ type: "pkcs8", format: "pem" }),
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
  });
  sig.addReference({
    xpath: "/*",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature"],
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
    isEmptyUri: true,
  });
  sig.computeSignature(xml, { location: { reference: "/*", action: "append" } });
  return sig.getSignedXml();
}

/**
 * True when the document carries exactly one signature, enveloped in its root, over the whole
 * document (`URI=""`, no signature wrapping), that `signer`'s public key verifies.
 */
export function verifyXml(xml: string, signer: KeyObject): boolean {
  const root = parseXml(xml);
  const signatures = root ? Array.from(root.ownerDocument!.getElementsByTagNameNS(DSIG_NS, "Signature")) : [];
  const signature = signatures[0];
  if (!root || signatures.length !== 1 || !signature || signature.parentNode !== root) return false;
  const verifier = new SignedXml({ publicCert: signer.export({ type: "spki", format: "pem" }), getCertFromKeyInfo: () => null });
  try {
    verifier.loadSignature(signature as unknown as Node);
    const refs = verifier.getReferences();
    return refs.length === 1 && refs[0]?.uri === "" && verifier.checkSignature(xml);
  } catch {
    return false;
  }
}

/** A PEM private key, or the PEM text of a file's content. @throws Error when it is not a private key. */
export const privateKeyOf = (pem: string | Buffer): KeyObject => createPrivateKey(pem);
/** A PEM/DER public key or certificate. @throws Error when it holds no public key. */
export const publicKeyOf = (pem: string | Buffer): KeyObject => createPublicKey(pem);

/** `DATE_TIME` of a PID: `dd-MM-yyyy HH:mm:ss`, India Standard Time. */
export function pidDateTime(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000).toISOString();
  return `${ist.slice(8, 10)}-${ist.slice(5, 7)}-${ist.slice(0, 4)} ${ist.slice(11, 19)}`;
}

/** `dd-MM-yyyy` (CKYCR's dates) -> `YYYY-MM-DD`; anything else -> null. */
export function isoFromCkycDate(v: string | null): string | null {
  const m = /^(\d{2})-(\d{2})-(\d{4})$/.exec(v ?? "");
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** `YYYY-MM-DD` -> `dd-MM-yyyy`. */
export function ckycDate(iso: string): string {
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}

/** One signed, encrypted CKYCR message: the envelope around a PID for `recipient`, signed by `signer`. */
export function sealMessage(opts: {
  root: string;
  header: { FI_CODE: string; REQUEST_ID: string; VERSION: string };
  pidXml: string | null;
  error?: string | null;
  recipient: KeyObject;
  signer: KeyObject;
}): string {
  const sealed = opts.pidXml === null ? null : sealPid(opts.pidXml, opts.recipient);
  const inq: Record<string, XmlTree> = sealed ? { PID: sealed.pid, SESSION_KEY: sealed.sessionKey } : {};
  if (opts.error) inq.ERROR = opts.error;
  return signXml(buildXml(opts.root, { HEADER: opts.header, CKYC_INQ: inq }), opts.signer);
}

/** What an opened CKYCR message holds. */
export interface OpenedMessage {
  root: string;
  header: { fiCode: string | null; requestId: string | null; version: string | null };
  /** The registry's error text (`CKYC_INQ/ERROR`), if any. */
  error: string | null;
  /** The decrypted `<PID_DATA>` as a tree, or null when the message carries none. */
  pid: XmlTree;
}

/**
 * Verifies and opens a CKYCR message.
 * @throws Error "unreadable" (not XML / no envelope), "signature" (not signed by `signer`),
 *   "decrypt" (the PID does not open with `recipient`'s key).
 */
export function openMessage(xml: string, signer: KeyObject, recipient: KeyObject): OpenedMessage {
  const root = parseXml(xml);
  if (!root) throw new Error("unreadable");
  if (!verifyXml(xml, signer)) throw new Error("signature");
  const tree = readTree(root);
  const pid = text(tree, "CKYC_INQ", "PID");
  const sessionKey = text(tree, "CKYC_INQ", "SESSION_KEY");
  let pidTree: XmlTree = null;
  if (pid && sessionKey) {
    let plain: string;
    try {
      plain = openPid(pid, sessionKey, recipient);
    } catch {
      throw new Error("decrypt");
    }
    const pidRoot = parseXml(plain);
    if (!pidRoot) throw new Error("unreadable");
    pidTree = readTree(pidRoot);
  }
  return {
    root: root.localName ?? root.nodeName,
    header: { fiCode: text(tree, "HEADER", "FI_CODE"), requestId: text(tree, "HEADER", "REQUEST_ID"), version: text(tree, "HEADER", "VERSION") },
    error: text(tree, "CKYC_INQ", "ERROR"),
    pid: pidTree,
  };
}
