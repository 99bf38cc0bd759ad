// Sort keys on a related record's column (graph/schema-helpers/sort-paths.ts, docs/processes/index.md
// "Sorting by the shipment's dates"): the filters, selections and values of `relation.column`.
import { describe, expect, it } from 'vitest';
import { on, selectOf, sortEntry, valueAt } from '../../graph/schema-helpers/sort-paths.ts';

describe('sort paths', () => {
  it("put a condition on the relation's column, a null meaning no related row as well", () => {
    expect(on('id', { gt: 3 })).toEqual({ id: { gt: 3 } });
    expect(on('s.eta', { gt: 'x' })).toEqual({ s: { is: { eta: { gt: 'x' } } } });
    expect(on('s.eta', null)).toEqual({ OR: [{ s: { is: null } }, { s: { is: { eta: null } } }] });
  });

  it('select the columns nested under their relation, and read them back (null without the related row)', () => {
    expect(selectOf(['id', 's.eta', 's.etd'])).toEqual({ id: true, s: { select: { eta: true, etd: true } } });
    expect(valueAt({ id: 1, s: { eta: 'x' } }, 's.eta')).toBe('x');
    expect(valueAt({ id: 1, s: null }, 's.eta')).toBeNull();
    expect(valueAt({ id: 1 }, 'id')).toBe(1);
  });

  it('read the field and direction of an orderBy entry, nested or not', () => {
    expect(sortEntry({ id: 'asc' })).toEqual(['id', 'asc']);
    expect(sortEntry({ finished_at: { sort: 'desc', nulls: 'last' } })).toEqual(['finished_at', { sort: 'desc', nulls: 'last' }]);
    expect(sortEntry({ s: { eta: { sort: 'asc', nulls: 'first' } } })).toEqual(['s.eta', { sort: 'asc', nulls: 'first' }]);
    expect(sortEntry({ s: { eta: 'desc' } })).toEqual(['s.eta', 'desc']);
  });
});
