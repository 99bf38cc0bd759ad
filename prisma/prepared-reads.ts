// Which statements are prepared by name, on either database (docs/decisions/009-relation-loading.md,
// "Prepared reads"): the reads of whole trees, one statement of a hundred joins and more, whose
// planning costs more than running them.

/** Statements at least this long are prepared by name. */
export const PREPARE_FROM_CHARS = 2_000;
/** At most this many statement texts per process are prepared, so each connection holds a bounded set. */
export const PREPARED_PER_PROCESS = 64;

/**
 * On a PostgreSQL server: names the long statements Prisma sends so that each connection parses
 * and plans each of them once, and PostgreSQL may keep a generic plan. Short statements, and
 * texts beyond the first PREPARED_PER_PROCESS, stay unnamed. (The embedded database's
 * counterpart is prisma/pglite-statements.ts.)
 */
export function preparedStatementNames(): (query: { sql: string }) => string | undefined {
  const names = new Map<string, string>();
  return ({ sql }) => {
    if (sql.length < PREPARE_FROM_CHARS) return undefined;
    let name = names.get(sql);
    if (!name && names.size < PREPARED_PER_PROCESS) names.set(sql, (name = `tt_read_${names.size}`));
    return name;
  };
}
