// Demurrage of a container (docs/processes/foreign_trade_shipment.md, "Values TradeTrack
// computes"): its free time's end, the days in use beyond it and their cost.
import { mulDecimal } from '../../decimal.ts';

export const DAY = 86_400_000;
export const wholeDays = (from: Date, to: Date) => Math.floor((to.getTime() - from.getTime()) / DAY);

/**
 * Demurrage of one container: days in use from the free-time start (or the shipment ATA) to
 * the empty return (or now); the days beyond the free time are charged at the daily rate.
 */
export function containerDemurrage(
  start: Date | null,
  returned: Date | null,
  terms: { free_time: number; daily_rate_usd: string } | null,
  now = new Date(),
): { exceeding: number; cost: string } | null {
  if (!terms) return null;
  const days = start ? Math.max(0, wholeDays(start, returned ?? now)) : 0;
  const exceeding = Math.max(0, days - terms.free_time);
  return { exceeding, cost: mulDecimal(String(exceeding), terms.daily_rate_usd) };
}
