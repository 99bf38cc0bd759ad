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
    FORBIDDEN: 'Os escopos da chave de API não permitem esta requisição.',
    UNPROCESSABLE_ENTITY: 'Os dados fornecidos são inválidos.',
    CONFLICT: 'O recurso está sendo alterado por outras requisições. Tente novamente em instantes.',
    PRECONDITION_FAILED: 'O recurso mudou desde a sua leitura.',
    METHOD_NOT_ALLOWED: 'Este método não é permitido neste caminho.',
    REQUEST_TIMEOUT: 'O corpo da requisição não chegou a tempo.',
    PAYLOAD_TOO_LARGE: 'A requisição é maior que o permitido.',
    UNSUPPORTED_MEDIA_TYPE: 'O corpo da requisição deve ser enviado em um tipo de mídia suportado.',
    TOO_MANY_REQUESTS: 'Requisições demais. Tente novamente mais tarde.',
    SERVICE_UNAVAILABLE: 'O serviço está temporariamente indisponível. Tente novamente em instantes.',
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
    keyReused: 'foi usada com outra requisição',
    unknownParameter: 'não é um parâmetro desta rota',
    tooLong: 'é longo demais (o máximo é %{count} caracteres)',
    controlCharacters: 'não pode conter caracteres de controle',
    unpairedSurrogate: 'deve ser texto Unicode válido (contém metade de um par substituto)',
    tooMany: 'tem itens demais (o máximo é %{count})',
    tooDeep: 'tem aninhamento profundo demais (a profundidade máxima é %{count})',
    notLinked: 'não é uma linha de um pedido vinculado ao processo',
    ambiguous: 'corresponde a linhas de vários pedidos vinculados',
    overBalance: 'excede o saldo em aberto da linha do pedido',
    lineShipped: 'omite uma linha que está em um embarque',
    roleNotHeld: 'não tem este papel em uma parceria',
    withId: 'não pode ser enviado junto com o id',
    withCursor: 'não pode ser enviado junto com after',
    ambiguousCode: 'corresponde a vários registros; envie o id',
    refusedTarget: 'deve resolver somente para endereços públicos',
    notRegistered: 'não é um documento registrado para a empresa',
    hashMismatch: 'não corresponde ao hash da consulta',
  },
};

const esES: Messages = {
  codes: {
    NOT_FOUND: 'Recurso no encontrado.',
    BAD_REQUEST: 'Uno o más campos no son válidos. Complételos correctamente e inténtelo de nuevo.',
    INTERNAL_SERVER_ERROR: 'Error interno del servidor.',
    UNAUTHORIZED: 'No autorizado para acceder a este recurso.',
    FORBIDDEN: 'Los alcances de la clave de API no permiten esta solicitud.',
    UNPROCESSABLE_ENTITY: 'Los datos proporcionados no son válidos.',
    CONFLICT: 'El recurso está siendo modificado por otras solicitudes. Vuelva a intentarlo en breve.',
    PRECONDITION_FAILED: 'El recurso ha cambiado desde que lo leyó.',
    METHOD_NOT_ALLOWED: 'Este método no está permitido en esta ruta.',
    REQUEST_TIMEOUT: 'El cuerpo de la solicitud no llegó a tiempo.',
    PAYLOAD_TOO_LARGE: 'La solicitud es más grande de lo permitido.',
    UNSUPPORTED_MEDIA_TYPE: 'El cuerpo de la solicitud debe enviarse en un tipo de medio admitido.',
    TOO_MANY_REQUESTS: 'Demasiadas solicitudes. Vuelva a intentarlo más tarde.',
    SERVICE_UNAVAILABLE: 'El servicio no está disponible temporalmente. Vuelva a intentarlo en breve.',
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
    keyReused: 'se usó con otra solicitud',
    unknownParameter: 'no es un parámetro de esta ruta',
    tooLong: 'es demasiado largo (el máximo es %{count} caracteres)',
    controlCharacters: 'no puede contener caracteres de control',
    unpairedSurrogate: 'debe ser texto Unicode válido (contiene la mitad de un par sustituto)',
    tooMany: 'tiene demasiados elementos (el máximo es %{count})',
    tooDeep: 'está anidado a demasiada profundidad (la profundidad máxima es %{count})',
    notLinked: 'no es una línea de un pedido vinculado al proceso',
    ambiguous: 'coincide con líneas de varios pedidos vinculados',
    overBalance: 'supera el saldo pendiente de la línea del pedido',
    lineShipped: 'omite una línea que está en un envío',
    roleNotHeld: 'no tiene este rol en una asociación',
    withId: 'no puede enviarse junto con el id',
    withCursor: 'no puede enviarse junto con after',
    ambiguousCode: 'coincide con varios registros; envíe el id',
    refusedTarget: 'debe resolver solo a direcciones públicas',
    notRegistered: 'no es un documento registrado para la empresa',
    hashMismatch: 'no corresponde al hash de la consulta',
  },
};

const byLocale: Record<Locale, Messages> = { 'en-US': enUS, 'pt-BR': ptBR, 'es-ES': esES };
const keyOfEnglish = new Map(Object.entries(fieldMessages).map(([k, v]) => [v as string, k as FieldKey]));
/** Messages that name a limit (`%{count}`), matched with the number they carry. */
const templates = Object.entries(fieldMessages)
  .filter(([, v]) => v.includes('%{count}'))
  .map(([k, v]) => ({
    key: k as FieldKey,
    pattern: new RegExp(`^${v.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('%{count}', '(\\d+)')}$`),
  }));

/** The catalogue message of a code in a locale. */
export function codeMessage(code: ErrorCode, locale: Locale): string {
  return byLocale[locale].codes[code];
}

/** A field message (given in en-US) in a locale; unknown texts pass unchanged. */
export function fieldMessage(english: string, locale: Locale): string {
  const key = keyOfEnglish.get(english);
  if (key) return byLocale[locale].fields[key];
  for (const t of templates) {
    const m = t.pattern.exec(english);
    if (m) return byLocale[locale].fields[t.key].replace('%{count}', m[1]);
  }
  return english;
}
