// AIS importer: reads NMEA !AIVDM/!AIVDO sentences (types 1-3 and 18 position reports,
// 5 and 24 static and voyage data, multi-part messages; ais-decode.ts), and creates or updates
// vessels, their last position and their current voyage (ais-vessels.ts). Work is applied in
// batches, each in one transaction (a crash leaves whole batches only). Bad lines are counted
// and reported, never fatal.
import '../process/shipment/tracking.ts'; // registers the shipment follower of vessel changes
import { SentenceReader, keep, type Pending } from './ais-decode.ts';
import { applyBatch } from './ais-vessels.ts';
import type { ImportReport } from './import-report.ts';

export interface AisReport extends ImportReport {
  sentences: number;
  messages: number;
  position_reports: number;
  static_reports: number;
  ignored_messages: number;
  vessels_created: number;
  vessels_updated: number;
  voyages_started: number;
  voyages_updated: number;
  /** Vessel changes (a position or voyage that changed) handed to the shipments that follow the vessel (docs/decisions/007-reference-datasets.md, "Tracking link"). */
  tracking_events: number;
  batches: number;
  elapsed_ms: number;
  sentences_per_second: number;
}

export function emptyAisReport(): AisReport {
  return {
    lines: 0, sentences: 0, messages: 0, position_reports: 0, static_reports: 0, ignored_messages: 0,
    vessels_created: 0, vessels_updated: 0, voyages_started: 0, voyages_updated: 0, tracking_events: 0, batches: 0, elapsed_ms: 0, sentences_per_second: 0, bad_lines: 0, errors: [],
  };
}

export interface AisImportOptions {
  /** Sentences per transaction (default 5,000). */
  batchSize?: number;
  /** Time of lines that carry none (default: now). */
  now?: Date;
  /** Called after each committed batch. */
  onBatch?: (report: AisReport) => void;
}

/** Imports AIS sentences from an iterable of lines. */
export async function importAis(lines: AsyncIterable<string> | Iterable<string>, options: AisImportOptions = {}): Promise<AisReport> {
  const report = emptyAisReport();
  const started = performance.now();
  const batchSize = options.batchSize ?? 5000;
  const reader = new SentenceReader(report, options.now);
  let pending = new Map<string, Pending>();
  let inBatch = 0;

  const flush = async () => {
    if (pending.size) {
      const counts = await applyBatch(pending);
      report.vessels_created += counts.created;
      report.vessels_updated += counts.updated;
      report.voyages_started += counts.started;
      report.voyages_updated += counts.voyages;
      report.tracking_events += counts.events;
    }
    if (inBatch) {
      report.batches++;
      options.onBatch?.(report);
    }
    pending = new Map();
    inBatch = 0;
  };

  for await (const raw of lines) {
    report.lines++;
    const message = reader.read(raw, report.lines, () => inBatch++);
    if (!message) continue;
    const mmsi = String(message.fields.mmsi).padStart(9, '0');
    const classB = message.type === 18 || message.type === 24;
    const entry = pending.get(mmsi) ?? { mmsi, ais_class: classB ? 'B' : 'A' };
    if (classB) entry.ais_class = 'B';
    pending.set(mmsi, entry);
    // A batch closes after a line that brought news, as many sentences as batchSize after the last.
    if (keep(entry, message, report) && inBatch >= batchSize) await flush();
  }
  reader.finish();
  await flush();
  report.errors.sort((a, b) => a.line - b.line);
  report.elapsed_ms = Math.round(performance.now() - started);
  report.sentences_per_second = report.elapsed_ms ? Math.round((report.sentences * 1000) / report.elapsed_ms) : 0;
  return report;
}
