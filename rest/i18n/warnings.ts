// The messages of the warnings REST answers beside `data` (docs/processes/foreign_trade_shipment.md, "Warnings"), per
// locale as the error catalogue's; the GraphQL payload carries the English one.
import type { Locale } from '../../graph/context.ts';

/** The warning codes a write can answer, each with its message per locale. */
export const warningMessages = {
  ETA_FROM_TRACKING: {
    'en-US': "The ETA sent was replaced by the ETA of the followed vessel's current voyage: automatic tracking is on and found the vessel (eta_source is TRACKING).",
    'pt-BR': 'O ETA enviado foi substituído pelo ETA da viagem atual do navio seguido: o rastreamento automático está ligado e encontrou o navio (eta_source é TRACKING).',
    'es-ES': 'El ETA enviado se sustituyó por el ETA del viaje actual del buque seguido: el seguimiento automático está activado y encontró el buque (eta_source es TRACKING).',
  },
} satisfies Record<string, Record<Locale, string>>;

/** A warning code REST knows. */
export type WarningCode = keyof typeof warningMessages;

/** The message of a warning in a locale; a code without messages keeps the text it came with. */
export function warningMessage(code: string, english: string, locale: Locale): string {
  return code in warningMessages ? warningMessages[code as WarningCode][locale] : english;
}
