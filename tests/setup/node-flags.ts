// The Node.js flags of the project's processes a test starts.

/**
 * Node.js flags of every process of the project a test starts (the app, a worker, the admin
 * command), and of the run's own workers (vitest.config.ts), a few of whose files open an
 * embedded database in-process: V8 compiles the WebAssembly of the embedded database and of
 * Prisma's query compiler with its baseline compiler only. A test's process serves short bursts
 * of varied requests, and compiling their code again with the optimising tier costs it more CPU
 * than it saves (CONTRIBUTING.md, "Tests").
 */
export const testNodeFlags = ['--liftoff-only'];
