/**
 * The XML signature rules shared by every UIDAI-signed XML the service reads: the Paperless
 * Offline e-KYC (`OfflinePaperlessKyc`, ./offline-ekyc.ts) and the e-Aadhaar XML that DigiLocker
 * returns (`KycRes`, ./digilocker-eaadhaar.ts). An enveloped XMLDSig (W3C XML Signature) over
 * the whole document, RSA-SHA1 or RSA-SHA256, verified against the configured UIDAI
 * certificates (never a certificate the document carries in its KeyInfo).
 *
 * Callers read fields only from the canonical XML this module returns for the validated
 * reference, never from the raw document.
 */
import { DOMParser, onErrorStopParsing, type Document as XmlDocument, type Element as XmlElement } from "@xmldom/xmldom";
import { SignedXml } from "xml-crypto";
import { reject, type AadhaarStep } from "./aadhaar-data";
import type { UidaiCertificate } from "./uidai-certificates";

const DSIG_NS = "http://www.w3.org/2000/09/xmldsig#";
const SIGNATURE_ALGORITHMS: Record<string, string> = {
  "http://www.w3.org/2000/09/xmldsig#rsa-sha1": "rsa-sha1",
  "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256": "rsa-sha256",
};

/** Parses XML with xmldom, refusing DTDs (no entity expansion of any kind) and stopping at the first error. */
export function parseXml(text: string): XmlDocument | null {
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return null;
  try {
    const doc = new DOMParser({ onError: onErrorStopParsing }).parseFromString(text, "text/xml");
    return doc.documentElement ? doc : null;
  } catch {
    return null;
  }
}

/** The one descendant element `name` of `parent`; null when there is none or several. */
export const only = (parent: XmlElement, name: string): XmlElement | null => {
  const found = Array.from(parent.getElementsByTagName(name));
  return found.length === 1 ? (found[0] ?? null) : null;
};

export interface SignedDocument {
  /** The signed document, canonicalized (what the signature covers): read fields from this. */
  canonicalXml: string;
  certificate: UidaiCertificate;
  /** `rsa-sha1` or `rsa-sha256`. */
  algorithm: string;
}

/**
 * Checks the enveloped XMLDSig signature of a document whose root element is `rootName` against
 * each certificate in turn. The document must carry exactly one signature, a child of the root,
 * with one reference to the whole document (`URI=""`): anything else could sign less than what
 * is read (signature wrapping).
 * @param notThisFormat the message when the root is not `rootName` (or the text is not XML).
 * @returns the canonical signed document and the certificate that verified it; or a rejection:
 *   `aadhaar_xml_invalid` (not XML, another root, no single enveloped signature, malformed
 *   signature) or `aadhaar_signature_invalid` (partial reference, another algorithm, no
 *   certificate verifies it).
 */
export function verifySignedXml<Extra>(
  xml: string,
  certificates: readonly UidaiCertificate[],
  rootName: string,
  notThisFormat: string,
): AadhaarStep<SignedDocument, Extra> {
  const doc = parseXml(xml);
  const root = doc?.documentElement;
  if (!doc || !root || root.localName !== rootName) return reject("aadhaar_xml_invalid", notThisFormat);
  const signatures = Array.from(doc.getElementsByTagNameNS(DSIG_NS, "Signature"));
  const signature = signatures[0];
  if (signatures.length !== 1 || !signature || signature.parentNode !== root) {
    return reject("aadhaar_xml_invalid", "The XML must carry exactly one UIDAI signature, enveloped in the root element.");
  }
  const signatureNode = signature as unknown as Node;

  const probe = new SignedXml({ getCertFromKeyInfo: () => null });
  try {
    probe.loadSignature(signatureNode);
  } catch {
    return reject("aadhaar_xml_invalid", "The XML signature element is malformed.");
  }
  const references = probe.getReferences();
  if (references.length !== 1 || references[0]?.uri !== "") {
    return reject("aadhaar_signature_invalid", "The signature does not cover the whole document.");
  }
  const algorithm = SIGNATURE_ALGORITHMS[probe.signatureAlgorithm ?? ""];
  if (!algorithm) return reject("aadhaar_signature_invalid", "The signature algorithm is not RSA-SHA1 or RSA-SHA256.");

  for (const certificate of certificates) {
    const verifier = new SignedXml({ publicCert: certificate.publicKey, getCertFromKeyInfo: () => null });
    try {
      verifier.loadSignature(signatureNode);
      if (!verifier.checkSignature(xml)) continue;
    } catch {
      continue;
    }
    const [canonicalXml] = verifier.getSignedReferences();
    if (canonicalXml) return { ok: true, value: { canonicalXml, certificate, algorithm } };
  }
  return reject("aadhaar_signature_invalid", "No configured UIDAI certificate verifies this XML's signature.");
}

/**
 * Signs like UIDAI: an enveloped XMLDSig over the whole document (`Reference URI=""`),
 * inclusive C14N, no KeyInfo, appended to the root. For the sandbox signer (test mode) and tests;
 * the service never signs anything UIDAI would.
 */
export function signEnveloped(xml: string, privateKeyPem: string, algorithm: "rsa-sha1" | "rsa-sha256" = "rsa-sha256"): string {
  const sig = new SignedXml({
    privateKey: privateKeyPem,
    signatureAlgorithm: algorithm === "rsa-sha1" ? "http://www.w3.org/2000/09/xmldsig#rsa-sha1" : "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/TR/2001/REC-xml-c14n-20010315",
  });
  sig.addReference({
    xpath: "/*",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature"],
    digestAlgorithm: algorithm === "rsa-sha1" ? "http://www.w3.org/2000/09/xmldsig#sha1" : "http://www.w3.org/2001/04/xmlenc#sha256",
    isEmptyUri: true,
  });
  sig.computeSignature(xml, { location: { reference: "/*", action: "append" } });
  return sig.getSignedXml();
}
