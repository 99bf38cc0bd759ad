// The alias table of ports (prisma/data/port-aliases.csv and its README): checked against the
// UN/LOCODE seaports it points into, so an edition change that makes an alias a port code, or
// drops a target, fails here.
import { describe, expect, it } from 'vitest';
import { seaports } from '../../graph/reference/places.ts';
import { aliasesOf, currentUnlocode, readPortAliases } from '../../graph/reference/port-aliases.ts';

describe('port aliases', () => {
  const ports = new Map(seaports().map((p) => [p.unlocode, p]));
  const aliases = readPortAliases();

  it('maps codes no port has to ports of the seaports list, under the name it gives', () => {
    expect(aliases.length).toBeGreaterThanOrEqual(3);
    for (const a of aliases) {
      expect(a.alias, a.alias).toMatch(/^[A-Z]{2}[A-Z2-9]{3}$/);
      expect(ports.has(a.alias), `${a.alias} is a port code itself`).toBe(false);
      expect(ports.get(a.unlocode)?.name, `${a.alias} -> ${a.unlocode}`).toBe(a.name);
      expect(a.alias.slice(0, 2)).toBe(a.unlocode.slice(0, 2));
    }
    expect(new Set(aliases.map((a) => a.alias)).size).toBe(aliases.length);
  });

  it('reads the codes carriers send as the current UN/LOCODE, and any other code as itself', () => {
    expect(currentUnlocode('CNSHA')).toBe('CNSGH');
    expect(currentUnlocode(' cnngb ')).toBe('CNNBO');
    expect(currentUnlocode('CNSZX')).toBe('CNSNZ');
    expect(currentUnlocode('brssz')).toBe('BRSSZ');
    expect(currentUnlocode('CNYTN')).toBe('CNYTN');
    expect(aliasesOf('CNSGH')).toEqual(['CNSHA']);
    expect(aliasesOf('BRSSZ')).toEqual([]);
  });
});
