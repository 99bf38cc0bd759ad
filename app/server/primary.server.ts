// What a start's first process runs before it loads the app (scripts/serve.mjs): the settings
// are checked, so a bad one stops the start naming each variable at fault, and a production
// start's first process supervises its workers without loading the app itself
// (docs/getting-started.md, "Running in production"). Built on its own, as build/primary.js
// (scripts/build-site.ts), so this process starts in milliseconds.
import cluster from 'node:cluster';
import { env } from '../../graph/env';
import { supervise } from './supervisor.server';

/**
 * Supervises the workers when this is a production start's first process, and then answers
 * true once they have all stopped; answers false at once where this process should serve.
 */
export async function supervised(): Promise<boolean> {
  const { workers } = env();
  if (workers === 0 || !cluster.isPrimary) return false;
  await supervise(workers, (line) => console.log(line));
  return true;
}
