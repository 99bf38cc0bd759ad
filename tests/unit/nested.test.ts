// graph/database/nested.ts: how a nested list sent on update replaces the stored one
// (docs/decisions/010-write-path.md): matched by key, new children created, left-out removed.
import { describe, expect, it } from 'vitest';
import { planList } from '../../graph/database/nested.ts';

type Sent = { id?: number | null; code: string };
type Stored = { id: number; code: string };
const byId = (sent: Sent[], stored: Stored[]) => planList(sent, stored, (s) => s.id, (s) => s.id);

describe('replacing a stored list with a sent one', () => {
  const stored: Stored[] = [
    { id: 1, code: 'A' },
    { id: 2, code: 'B' },
    { id: 3, code: 'C' },
  ];

  it('updates the children sent with a stored id, creates those without one and removes the ones left out', () => {
    const plan = byId([{ id: 3, code: 'C2' }, { code: 'D' }, { id: 1, code: 'A2' }], stored);
    expect(plan.children).toEqual([
      { sent: { id: 3, code: 'C2' }, stored: { id: 3, code: 'C' } },
      { sent: { code: 'D' }, stored: null },
      { sent: { id: 1, code: 'A2' }, stored: { id: 1, code: 'A' } },
    ]);
    expect(plan.removed).toEqual([{ id: 2, code: 'B' }]);
  });

  it('removes every stored child for an empty list and creates every child into an empty store', () => {
    expect(byId([], stored)).toEqual({ children: [], removed: stored });
    const fresh = byId([{ code: 'X' }, { id: null, code: 'Y' }], []);
    expect(fresh.children.map((c) => c.stored)).toEqual([null, null]);
    expect(fresh.removed).toEqual([]);
  });

  it('treats an id that matches no stored child as new, and keeps the order sent', () => {
    const plan = byId([{ id: 99, code: 'Z' }, { id: 2, code: 'B' }], stored);
    expect(plan.children.map((c) => c.stored?.id ?? null)).toEqual([null, 2]);
    expect(plan.removed.map((s) => s.id)).toEqual([1, 3]);
  });

  it('matches order items by line reference, whatever their ids', () => {
    const lines = [
      { id: 10, line_reference: '10' },
      { id: 11, line_reference: '20' },
    ];
    const plan = planList([{ line_reference: '20' }, { line_reference: '30' }], lines, (s) => s.line_reference, (s) => s.line_reference);
    expect(plan.children.map((c) => c.stored?.id ?? null)).toEqual([11, null]);
    expect(plan.removed).toEqual([{ id: 10, line_reference: '10' }]);
  });

  it('applies the same plan whatever order the stored children come in', () => {
    const a = byId([{ id: 2, code: 'B' }, { code: 'N' }], stored);
    const b = byId([{ id: 2, code: 'B' }, { code: 'N' }], [...stored].reverse());
    expect(b.children).toEqual(a.children);
    expect(new Set(b.removed)).toEqual(new Set(a.removed));
  });
});
