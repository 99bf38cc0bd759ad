// Live AIS (.env.example, AIS_FEED): the app reads NMEA sentences from a TCP feed (served here
// on 127.0.0.1, as a receiver or provider serves it), and vessels, their voyages and the
// shipments following them change over the API within seconds; a dropped connection is
// opened again.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePosition, encodeStatic } from '../graph/logistics/ais-encode.ts';
import { freePort, startAppServer, type AppServer } from './setup/app-server.ts';

/** Polls `read` until `done` holds for its value (no fixed sleeps); fails with the last value after `ms`. */
async function until<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (done(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met in ${ms} ms; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('live AIS feed over TCP', () => {
  let app: AppServer;
  let feed: net.Server;
  const sockets: net.Socket[] = [];
  const adminToken = randomBytes(16).toString('hex');
  let key: string;
  let operationId: number;

  beforeAll(async () => {
    const port = await freePort();
    feed = net.createServer((s) => {
      sockets.push(s);
      s.on('error', () => undefined);
    });
    await new Promise<void>((r) => feed.listen(port, '127.0.0.1', r));
    app = await startAppServer({ serverUrl: process.env.DATABASE_URL || undefined, adminToken, settings: { AIS_FEED: `127.0.0.1:${port}` } });
    const res = await fetch(`${app.baseUrl}/admin/companies`, {
      method: 'POST',
      headers: { 'admin-token': adminToken, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Feed Co.' }),
    });
    const company = (await res.json()) as { api_key: string; operation: { id: number } };
    key = company.api_key;
    operationId = company.operation.id;
  }, 400_000);
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await app?.stop();
    await new Promise((r) => feed?.close(r));
  });

  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${app.baseUrl}/api${path}`, { method, headers: { 'api-key': key, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify({ params: body }) }).then(
      async (r) => ({ status: r.status, body: (await r.json()) as any }),
    );
  const open = () => sockets.filter((s) => !s.destroyed);
  const send = (lines: string[]) => open().at(-1)!.write(lines.map((l) => `${l}\r\n`).join(''));
  const vessel = (mmsi: number) => call('GET', `/vessels/${mmsi}/current-voyage`);

  it('updates a vessel, its voyage and a following shipment from the feed, and reads on after the connection drops', async () => {
    await until(async () => open().length, (n) => n === 1);
    const mmsi = 712_000_000 + Math.floor(Math.random() * 999_999);
    // A voyage whose destination is sent as carriers write Shanghai (an alias of CNSGH), and a position.
    send([
      ...encodeStatic({ mmsi, name: 'TT LIVE', eta: { month: 12, day: 10, hour: 12, minute: 0 }, destination: 'CNSHA' }),
      encodePosition({ mmsi, latitude: 31.2, longitude: 121.9, speed: 12.5, course: 90 }),
    ]);
    const first = await until(() => vessel(mmsi), (r) => r.status === 200 && r.body.data.last_position_update?.voyage_eta != null);
    expect(first.body.data.last_position_update).toMatchObject({ latitude: 31.2, longitude: 121.9, voyage_destination_port_unlocode: 'CNSGH' });
    const firstEta = first.body.data.last_position_update.voyage_eta as string;

    const created = await call('POST', `/operations/${operationId}/processes`, {
      reference_code: `LIVE-${mmsi}`,
      foreign_trade_shipment: { type: 'MARITIME_TRANSPORT', automatic_tracking_enabled: true, maritime_transport_shipment: { tracking_key: 'VESSEL', vessel_id: first.body.data.id } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const shipmentEta = async () => (await call('GET', `/operations/${operationId}/processes/${created.body.data.id}`)).body.data.foreign_trade_shipment.eta as string;
    expect(await shipmentEta()).toBe(firstEta);

    // The feed drops the connection: the app connects again and goes on reading.
    for (const s of open()) s.destroy();
    await until(async () => open().length, (n) => n === 1);
    send([
      ...encodeStatic({ mmsi, name: 'TT LIVE', eta: { month: 12, day: 14, hour: 6, minute: 0 }, destination: 'CNSHA' }, 2),
      encodePosition({ mmsi, latitude: 30.5, longitude: 122.4, speed: 11, course: 200 }),
    ]);
    const moved = await until(() => vessel(mmsi), (r) => r.body.data.last_position_update.voyage_eta !== firstEta && r.body.data.last_position_update.latitude === 30.5);
    expect(moved.body.data.last_position_update).toMatchObject({ latitude: 30.5, longitude: 122.4 });
    const secondEta = moved.body.data.last_position_update.voyage_eta as string;
    expect(Date.parse(secondEta) - Date.parse(firstEta)).toBe((3 * 24 + 18) * 3600_000);
    await until(shipmentEta, (eta) => eta === secondEta);
  });
});
