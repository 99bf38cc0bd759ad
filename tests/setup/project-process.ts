// How a test starts a process of the project (the app, a worker, the admin command): the
// arguments for `process.execPath`, with the run's Node.js flags.

/**
 * Node.js flags of every process of the project a test starts, and of the run's own workers
 * (vitest.config.ts), a few of whose files open an embedded database in-process: V8 compiles the
 * WebAssembly of the embedded database and of Prisma's query compiler with its baseline compiler
 * only. A test's process serves short bursts of varied requests, and compiling their code again
 * with the optimising tier costs it more CPU than it saves (CONTRIBUTING.md, "Tests").
 */
export const testNodeFlags = ['--liftoff-only'];

/** Node.js's arguments to run `script` (TypeScript through the tsx loader) with `args`. */
export function nodeArgs(script: string, ...args: string[]): string[] {
  return [...testNodeFlags, ...(script.endsWith('.ts') ? ['--import', 'tsx'] : []), script, ...args];
}
