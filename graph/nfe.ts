// Brazilian invoices (NF-e): Base64 XML files read into their key facts.
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** What is read from an NF-e; every fact is optional (any XML is kept). */
export interface NfeFacts {
  xml: string;
  access_key: string | null;
  number: string | null;
  issuer_cnpj: string | null;
  total_value: string | null;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: true, parseTagValue: false });
const BASE64 = /^[A-Za-z0-9+/\s]*={0,2}\s*$/;

/** Finds the first element named `name` anywhere below `node`. */
function find(node: unknown, name: string): unknown {
  if (!node || typeof node !== 'object') return undefined;
  if (Array.isArray(node)) {
    for (const n of node) {
      const found = find(n, name);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  const obj = node as Record<string, unknown>;
  if (name in obj) return obj[name];
  for (const v of Object.values(obj)) {
    const found = find(v, name);
    if (found !== undefined) return found;
  }
  return undefined;
}

const text = (v: unknown): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') return text((v as Record<string, unknown>)['#text']);
  const s = String(v).trim();
  return s || null;
};

/** Decodes and reads one Base64 NF-e XML; null when it is not Base64 of a well-formed XML document. */
export function readNfe(base64: string): NfeFacts | null {
  if (!BASE64.test(base64)) return null;
  const xml = Buffer.from(base64, 'base64').toString('utf8').replace(/^\uFEFF/, '');
  if (!xml.trim().startsWith('<') || XMLValidator.validate(xml) !== true) return null;
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    return null;
  }
  const inf = find(doc, 'infNFe') as Record<string, unknown> | undefined;
  const idAttr = text(inf?.['@_Id']);
  const key = text(find(doc, 'chNFe')) ?? (idAttr ? idAttr.replace(/^NFe/, '') : null);
  const emit = find(inf ?? doc, 'emit');
  const total = find(find(inf ?? doc, 'total'), 'vNF');
  return {
    xml,
    access_key: key,
    number: text(find(find(inf ?? doc, 'ide'), 'nNF')),
    issuer_cnpj: text(find(emit, 'CNPJ')),
    total_value: text(total),
  };
}
