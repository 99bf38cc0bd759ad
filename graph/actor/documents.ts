// Official documents of actors (docs/handlers.md): CNPJ and CPF check digits, the stored
// form of a document number, and the checks every actor write applies. Pure functions.
import type { DocumentType } from '../../prisma/generated/client/enums.ts';
import { type FieldErrors, fieldMessages } from '../errors.ts';

/** The document without its punctuation (dots, dashes, slashes, spaces). */
function digits(value: string): string {
  return value.replace(/[.\-/\s]/g, '');
}

/** One check digit: the weighted sum of `numbers` modulo 11. */
function checkDigits(numbers: number[], weights: number[]): number {
  const sum = weights.reduce((s, w, i) => s + w * numbers[i], 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Whether `value` is a CNPJ (14 digits, punctuation allowed) with valid check digits. */
export function isValidCnpj(value: string): boolean {
  const d = digits(value);
  if (!/^\d{14}$/.test(d) || /^(\d)\1{13}$/.test(d)) return false;
  const n = [...d].map(Number);
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [6, ...w1];
  return checkDigits(n, w1) === n[12] && checkDigits(n, w2) === n[13];
}

/** A CNPJ from its first 12 digits, with the two check digits appended (demo data, tests). */
export function completeCnpj(base12: string): string {
  const n = [...base12].map(Number);
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const d1 = checkDigits(n, w1);
  return `${base12}${d1}${checkDigits([...n, d1], [6, ...w1])}`;
}

/** Whether `value` is a CPF (11 digits, punctuation allowed) with valid check digits. */
export function isValidCpf(value: string): boolean {
  const d = digits(value);
  if (!/^\d{11}$/.test(d) || /^(\d)\1{10}$/.test(d)) return false;
  const n = [...d].map(Number);
  const w1 = [10, 9, 8, 7, 6, 5, 4, 3, 2];
  const w2 = [11, ...w1];
  return checkDigits(n, w1) === n[9] && checkDigits(n, w2) === n[10];
}

/** The document as stored: CNPJ and CPF keep their digits only, anything else (TIN, internal code) as sent, trimmed. */
export function normalizeDocument(document: string, type: DocumentType | null | undefined): string {
  return type === 'CNPJ' || type === 'CPF' ? digits(document) : document.trim();
}

/** Reports a document without its type, and a CNPJ or CPF whose check digits are wrong. */
export function checkDocument(
  errors: FieldErrors,
  prefix: string,
  document: string | null | undefined,
  type: DocumentType | null | undefined,
): void {
  if (!document?.trim()) return;
  if (!type) errors.add(`${prefix}document_type`, fieldMessages.blank);
  else if (type === 'CNPJ' && !isValidCnpj(document)) errors.add(`${prefix}official_document`, fieldMessages.invalid);
  else if (type === 'CPF' && !isValidCpf(document)) errors.add(`${prefix}official_document`, fieldMessages.invalid);
}
