import { catalogue, fieldMessages, type ErrorCode } from '../../graph/errors.ts';
import type { Locale } from '../../graph/context.ts';

type FieldKey = keyof typeof fieldMessages;
interface Messages {
  codes: Record<ErrorCode, string>;
  fields: Record<FieldKey, string>;
}

const enUS: Messages = {
  codes: Object.fromEntries(Object.entries(catalogue).map(([k, v]) => [k, v.message])) as Record<ErrorCode, string>,
  fields: { ...fieldMessages },
};

const ptBR: Messages = {
  codes: {
    NOT_FOUND: 'Recurso não encontrado.',
    BAD_REQUEST: 'Um ou mais campos são inválidos. Preencha corretamente e tente novamente.',
    INTERNAL_SERVER_ERROR: 'Erro interno do servidor.',
    UNAUTHORIZED: 'Não autorizado a acessar este recurso.',
    UNPROCESSABLE_ENTITY: 'Os dados fornecidos são inválidos.',
    CONFLICT: 'O recurso está sendo alterado por outras requisições. Tente novamente em instantes.',
    PRECONDITION_FAILED: 'O recurso mudou desde a sua leitura.',
  },
  fields: {
    blank: 'não pode ficar em branco',
    taken: 'já está em uso',
    missing: 'não existe',
    invalid: 'é inválido',
    notAllowed: 'não é permitido no estado atual',
    outOfRange: 'está fora do intervalo permitido',
    tooLarge: 'é grande demais',
    stale: 'não corresponde à versão atual',
  },
};

const esES: Messages = {
  codes: {
    NOT_FOUND: 'Recurso no encontrado.',
    BAD_REQUEST: 'Uno o más campos no son válidos. Complételos correctamente e inténtelo de nuevo.',
    INTERNAL_SERVER_ERROR: 'Error interno del servidor.',
    UNAUTHORIZED: 'No autorizado para acceder a este recurso.',
    UNPROCESSABLE_ENTITY: 'Los datos proporcionados no son válidos.',
    CONFLICT: 'El recurso está siendo modificado por otras solicitudes. Vuelva a intentarlo en breve.',
    PRECONDITION_FAILED: 'El recurso ha cambiado desde que lo leyó.',
  },
  fields: {
    blank: 'no puede estar en blanco',
    taken: 'ya está en uso',
    missing: 'no existe',
    invalid: 'no es válido',
    notAllowed: 'no está permitido en el estado actual',
    outOfRange: 'está fuera del rango permitido',
    tooLarge: 'es demasiado grande',
    stale: 'no coincide con la versión actual',
  },
};

const byLocale: Record<Locale, Messages> = { 'en-US': enUS, 'pt-BR': ptBR, 'es-ES': esES };
const keyOfEnglish = new Map(Object.entries(fieldMessages).map(([k, v]) => [v as string, k as FieldKey]));

/** The catalogue message of a code in a locale. */
export function codeMessage(code: ErrorCode, locale: Locale): string {
  return byLocale[locale].codes[code];
}

/** A field message (given in en-US) in a locale; unknown texts pass unchanged. */
export function fieldMessage(english: string, locale: Locale): string {
  const key = keyOfEnglish.get(english);
  return key ? byLocale[locale].fields[key] : english;
}
