import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

/** The subset of the WebAssembly schema engine this project drives. */
export interface SchemaEngine {
  applyMigrations(input: unknown): Promise<{ appliedMigrationNames: string[] }>;
  diff(input: unknown): Promise<{ exitCode: number; stdout: string | null }>;
  free(): void;
}

/** The last panic message of the engine, for error reports. */
export let lastPanic: string | undefined;

let loaded: Promise<{ SchemaEngine: { new: (o: unknown, cb: (m: string) => void, a: object) => Promise<SchemaEngine> } }> | undefined;

// NOTE: the package's own entry imports the .wasm as an ES module (bundler style), which
// plain Node cannot do; so the glue file is loaded by path and the module compiled here.
async function loadEngineModule() {
  // The engine reports a Rust panic through this global before throwing.
  (globalThis as Record<string, unknown>).PRISMA_WASM_PANIC_REGISTRY ??= {
    set_message(message: string) {
      lastPanic = message;
    },
  };
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve('@prisma/schema-engine-wasm'));
  const glue = await import(pathToFileURL(path.join(dir, 'schema_engine_bg.js')).href);
  const module = await WebAssembly.compile(readFileSync(path.join(dir, 'schema_engine_bg.wasm')));
  const instance = await WebAssembly.instantiate(module, { './schema_engine_bg.js': glue });
  glue.__wbg_set_wasm(instance.exports);
  (instance.exports as { __wbindgen_start?: () => void }).__wbindgen_start?.();
  return glue;
}

/** Starts a schema engine bound to the given adapter factory and datamodel files. */
export async function startSchemaEngine(
  factory: SqlMigrationAwareDriverAdapterFactory,
  datamodels: [string, string][] = [],
): Promise<SchemaEngine> {
  loaded ??= loadEngineModule();
  const { SchemaEngine } = await loaded;
  return SchemaEngine.new({ datamodels }, () => undefined, bindMigrationAwareSqlAdapterFactory(factory));
}
