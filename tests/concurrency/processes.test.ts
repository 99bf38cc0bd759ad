import { beforeAll, describe, expect, it } from 'vitest';
import { client, newCompany, uniq, type ApiResult } from '../helpers.ts';
import { CLIENTS, containerCode, countOf, expectEveryRound, parallel, refusals, rounds, serialBase, tally, unexpected, expectOneCancelThenOneUncancel, expectOneFinish } from './parallel.ts';

type Client = ReturnType<typeof client>;

/** One 40' dry container, as a shipment's transportable. */
const container = (code: string, seal: string) => ({
  type: 'CONTAINER',
  container: { code, type: 'DRY', size_foot_type: 'STANDARD_40', load_type: 'GENERAL_CARGO', seal_code: seal, gross_weight_kg: '14250.0000', is_stackable: true },
});

describe('processes under 12 parallel clients', () => {
  let C: Client;
  let P: string;
  const owner = 'TGHU';

  beforeAll(async () => {
    const c = await newCompany();
    C = client(c.api_key);
    P = `/operations/${c.operation.id}/processes`;
  });

  /** A maritime import process with one container; answers its id. */
  async function maritimeProcess() {
    const res = await C.post(P, {
      reference_code: uniq('PRC-'),
      alert_level: 'NORMAL',
      foreign_trade_shipment: {
        type: 'MARITIME_TRANSPORT',
        etd: '2025-04-02T00:00:00Z',
        eta: '2025-05-10T00:00:00Z',
        transportables: [container(containerCode(owner, serialBase() + 99), 'SL-0')],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data.id as number;
  }

  /** Twelve replacements of the transportables, one container each, with distinct numbers. */
  function replacements() {
    const base = serialBase();
    const codes = Array.from({ length: CLIENTS }, (_, i) => containerCode(owner, base + i));
    return { codes, send: (id: number) => parallel((i) => C.put(`${P}/${id}`, { foreign_trade_shipment: { transportables: [container(codes[i], `SL-${i}`)] } })) };
  }

  it('keeps exactly one of the containers when 12 clients each replace the transportables with one container', async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(8, 2); round++) {
      const id = await maritimeProcess();
      const { codes, send } = replacements();
      const answers = await send(id);
      const got = await C.get(`${P}/${id}`);
      const kept = got.body.data.foreign_trade_shipment.transportables;
      outcomes.push({
        statuses: tally(answers),
        read: got.status,
        transportables: kept.length,
        fromAWriter: kept.every((t: any) => codes.includes(t.container?.code)),
      });
      odd.push(...unexpected(answers, 200));
    }
    expectEveryRound(outcomes, { statuses: { 200: CLIENTS }, read: 200, transportables: 1, fromAWriter: true }, odd);
  });

  // A POST with the reference code of a live process updates it (docs/decisions/010-write-path.md),
  // so twelve creates racing for one new code all succeed on one process.
  it('creates one process when 12 clients post the same new reference code: twelve 201 with the same id', async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(6, 2); round++) {
      const code = uniq('PRC-');
      const answers = await parallel(() => C.post(P, { reference_code: code, alert_level: 'WARNING', foreign_trade_shipment: { type: 'MARITIME_TRANSPORT' } }));
      const list = await C.get(P, `search=${code}`);
      const ids = new Set(answers.filter((a) => a.status === 201).map((a) => a.body.data.id));
      outcomes.push({ statuses: tally(answers), distinctIds: ids.size, listed: list.body.total_count, listedId: ids.has(list.body.data[0]?.id) });
      odd.push(...unexpected(answers, 201));
    }
    expectEveryRound(outcomes, { statuses: { 201: CLIENTS }, distinctIds: 1, listed: 1, listedId: true }, odd);
  });

  it('answers the same id to 12 clients upserting the same new reference code, and lists one process', async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(6, 2); round++) {
      const code = uniq('PRC-');
      const answers = await parallel((i) => C.put(P, [{ reference_code: code, alert_level: 'WARNING', extra_fields: { writer: i } }]));
      const list = await C.get(P, `search=${code}`);
      const ids = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data[0].id));
      outcomes.push({ statuses: tally(answers), distinctIds: ids.size, listed: list.body.total_count, listedId: ids.has(list.body.data[0]?.id) });
      odd.push(...unexpected(answers, 200));
    }
    expectEveryRound(outcomes, { statuses: { 200: CLIENTS }, distinctIds: 1, listed: 1, listedId: true }, odd);
  });

  it('finishes a process once when 12 clients finish it: one 200, eleven 422 on status', () => expectOneFinish(C, maritimeProcess, P));

  it('cancels an active process once and uncancels it once when 12 clients do each: one 200, eleven 422 on status', () =>
    expectOneCancelThenOneUncancel(C, maritimeProcess, P));

  it('closes the costs once and reopens them once when 12 clients do each: one 200, eleven 422 on costs_closed_at', async () => {
    const outcomes = [];
    const odd: string[] = [];
    for (let round = 0; round < rounds(6, 2); round++) {
      const id = await maritimeProcess();
      const closes = await parallel(() => C.put(`${P}/${id}/costs/close`));
      const closed = (await C.get(`${P}/${id}`)).body.data.costs_closed_at !== null;
      const reopens = await parallel(() => C.put(`${P}/${id}/costs/reopen`));
      const open = (await C.get(`${P}/${id}`)).body.data.costs_closed_at === null;
      outcomes.push({ close: tally(closes), closed, reopen: tally(reopens), refusals: refusals([...closes, ...reopens]), open });
      odd.push(...unexpected([...closes, ...reopens], 200, 422));
    }
    const one = { 200: 1, 422: CLIENTS - 1 };
    expectEveryRound(outcomes, { close: one, closed: true, reopen: one, refusals: ['UNPROCESSABLE_ENTITY costs_closed_at'], open: true }, odd);
  });

  it('never fails a read and always shows exactly one container while 12 writers replace the transportables', async () => {
    const id = await maritimeProcess();
    const sent = new Set<string>();
    const writes: ApiResult[] = [];
    let writing = true;
    const writers = (async () => {
      try {
        for (let round = 0; round < rounds(6, 2); round++) {
          const { codes, send } = replacements();
          codes.forEach((c) => sent.add(c));
          writes.push(...(await send(id)));
        }
      } finally {
        writing = false;
      }
    })();
    // Readers alternate the process by id and the list page holding it until the writers stop.
    const readStatuses: number[] = [];
    const containersSeen: number[] = [];
    const reader = async () => {
      do {
        const [one, list] = await Promise.all([C.get(`${P}/${id}`), C.get(P, 'limit=100')]);
        readStatuses.push(one.status, list.status);
        if (one.status === 200) containersSeen.push(one.body.data.foreign_trade_shipment.transportables.length);
        const listed = list.status === 200 ? list.body.data.find((p: any) => p.id === id) : undefined;
        if (listed) containersSeen.push(listed.foreign_trade_shipment.transportables.length);
      } while (writing);
    };
    await Promise.all([writers, reader(), reader(), reader()]);
    const reads = readStatuses.length;
    const final = (await C.get(`${P}/${id}`)).body.data.foreign_trade_shipment.transportables;
    expectEveryRound(
      [{ writes: tally(writes), reads: countOf(readStatuses), containersSeen: countOf(containersSeen), final: final.length, finalFromAWriter: final.every((t: any) => sent.has(t.container?.code)) }],
      { writes: { 200: writes.length }, reads: { 200: reads }, containersSeen: { 1: reads }, final: 1, finalFromAWriter: true },
      unexpected(writes, 200),
    );
  });
});
