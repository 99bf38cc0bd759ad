import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

let redoc: Buffer | undefined;

/** The Redoc standalone bundle from node_modules, read once. */
export function redocBundle(): Buffer {
  redoc ??= readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'));
  return redoc;
}
