// `npm run worker`: a delivery worker of its own (docs/webhooks.md, Delivery), for scale-out on
// a PostgreSQL server: any number of them, beside the app, share graphile-worker's queue and
// never make one attempt twice. The embedded database serves one process: its app delivers.
import { connect, disconnect } from '../graph/db.ts';
import { env } from '../graph/env.ts';
import { startDeliveryWorker } from '../graph/webhooks/workers.ts';

try {
  if (!env().databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: on the embedded database the app delivers webhooks itself (docs/webhooks.md).');
    process.exit(1);
  }
} catch (e) {
  if (e instanceof Error && e.name === 'EnvError') {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
await connect();
const worker = await startDeliveryWorker();
console.log(`webhook delivery worker ${process.pid} started`);
const stop = async () => {
  await worker.stop();
  await disconnect();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
