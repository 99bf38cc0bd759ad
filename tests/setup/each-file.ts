import { afterEach, beforeEach, vi } from 'vitest';

// An unexpected console.error in a test fails it.
let spy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy?.mock.calls ?? [];
  spy?.mockRestore();
  if (calls.length) throw new Error(`unexpected console.error: ${calls.map((c: unknown[]) => c.join(' ')).join('\n')}`);
});
