// The messages of the warnings REST answers beside `data` (docs/processes/foreign_trade_shipment.md, "Warnings"), per
// locale as the error catalogue's; the GraphQL payload carries the English one.
import type { Locale } from '../../graph/context.ts';

/** The warning codes a write can answer, each with its message per locale. */
export const warningMessages = {
  ETA_FROM_TRACKING: {
    'en-US': "The ETA sent was replaced by the ETA tracking found, from the carrier's events or the followed vessel's current voyage: automatic tracking is on (eta_source says which).",
    'pt-BR': 'O ETA enviado foi substituído pelo ETA que o rastreamento encontrou, nos eventos do armador ou na viagem atual do navio seguido: o rastreamento automático está ligado (eta_source diz qual).',
    'es-ES': 'El ETA enviado se sustituyó por el ETA que encontró el seguimiento, en los eventos de la naviera o en el viaje actual del buque seguido: el seguimiento automático está activado (eta_source indica cuál).',
  },
} satisfies Record<string, Record<Locale, string>>;

/** A warning code REST knows. */
export type WarningCode = keyof typeof warningMessages;

/** The message of a warning in a locale; a code without messages keeps the text it came with. */
export function warningMessage(code: string, english: string, locale: Locale): string {
  return code in warningMessages ? warningMessages[code as WarningCode][locale] : english;
}
