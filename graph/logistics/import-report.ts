/** What an importer reports: counts, and the first bad lines with the reason. */
export interface ImportReport {
  lines: number;
  bad_lines: number;
  errors: { line: number; reason: string }[];
  [count: string]: number | { line: number; reason: string }[];
}

export const MAX_REPORTED_ERRORS = 50;

/** Counts a bad line and keeps its reason while fewer than MAX_REPORTED_ERRORS are kept. */
export function badLine(report: ImportReport, line: number, reason: string): void {
  report.bad_lines++;
  if (report.errors.length < MAX_REPORTED_ERRORS) report.errors.push({ line, reason });
}
