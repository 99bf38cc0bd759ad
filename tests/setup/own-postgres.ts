// A PostgreSQL 15 server of a test's own, on a free port in a temporary folder, so the test can
// stop and start it under a running app without disturbing the server the other tests share
// (tests/outage.test.ts). The server runs as the `postgres` system user: initdb refuses root.
import { execFileSync } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os, { userInfo } from 'node:os';
import path from 'node:path';
import { freePort } from '../../scripts/local-net.ts';

const BIN = '/usr/lib/postgresql/15/bin';

/** A test's own PostgreSQL server: its URL (database `postgres`, trust auth) and its controls. */
export interface OwnPostgres {
  url: string;
  /** Stops the server: `fast` ends sessions cleanly (57P01), `immediate` drops them like a crash. */
  stop(mode: 'fast' | 'immediate'): void;
  /** Starts it again on the same port and data, waiting until it accepts connections (nothing when it runs). */
  start(): void;
  /** Stops it if it runs and deletes its folder. */
  destroy(): void;
}

/** Runs one of PostgreSQL's programs as the `postgres` user (directly when not root). */
function run(program: string, args: string[]): void {
  const asRoot = userInfo().uid === 0;
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(BIN, program), ...args]] : [path.join(BIN, program), args];
  execFileSync(cmd, argv, { stdio: 'pipe', timeout: 60_000 });
}

/** Creates, starts and answers a PostgreSQL server in a new temporary folder. */
export async function ownPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tt-own-pg-'));
  if (userInfo().uid === 0) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']).toString());
    chownSync(dir, id('-u'), id('-g'));
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  let running = false;
  const server: OwnPostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start() {
      if (running) return;
      run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']);
      running = true;
    },
    stop(mode) {
      run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    destroy() {
      try {
        if (running) server.stop('immediate');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
  server.start();
  return server;
}
