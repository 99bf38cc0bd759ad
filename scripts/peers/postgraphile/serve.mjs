// PostGraphile 5 serving the bench database, a peer of `npm run bench` (scripts/bench-peers.ts):
// the best-known GraphQL engine over PostgreSQL, on the same tables, with its recommended
// preset (Amber). It knows nothing of API keys or companies: the bench passes the company as a
// condition, so it answers the same rows with less work than the facade does.
//
// Environment: DATABASE_URL, PORT, DATABASE_POOL_SIZE (default 10).
import { createServer } from 'node:http';
import pg from 'pg';
import { postgraphile } from 'postgraphile';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import { makePgService } from 'postgraphile/adaptors/pg';
import { grafserv } from 'postgraphile/grafserv/node';

// PostGraphile 5 asks for Node.js 22; on 20 it lacks only this ES2024 function.
Promise.withResolvers ??= function withResolvers() {
  let resolve, reject;
  const promise = new this((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
};

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE || 10) });
const preset = {
  extends: [PostGraphileAmberPreset],
  // Conditions on any column (code is the second column of its index, which Amber would hide).
  disablePlugins: ['PgIndexBehaviorsPlugin'],
  pgServices: [makePgService({ pool, schemas: ['public'] })],
  grafserv: { graphqlOverGET: true, graphiql: false },
};
const pgl = postgraphile(preset);
const server = createServer();
server.keepAliveTimeout = 65_000;
await pgl.createServ(grafserv).addTo(server);
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
const stop = () => server.close(() => void pgl.release().finally(() => pool.end().finally(() => process.exit(0))));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
