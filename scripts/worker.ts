// `npm run worker`: a worker of its own, for scale-out on a PostgreSQL server: it delivers
// webhooks (docs/webhooks.md, Who delivers) and looks tracked shipments up with their carriers
// on schedule (docs/tracking.md, Settings). Any number of them, beside the apps, share the
// due deliveries (each attempt claimed by one process, graph/webhooks/claim.ts) and the due
// shipments (each claimed by one process per poll interval). The embedded database serves one
// process: its app delivers and polls.
import { connect, disconnect } from '../graph/db.ts';
import { env } from '../graph/env.ts';
import { startTrackingPoller } from '../graph/carriers/poller.ts';
import { startDeliveryWorker } from '../graph/webhooks/workers.ts';
import { schema } from '../graph/schema.ts';
import { wireWritePath } from '../graph/wiring.ts';

try {
  if (!env().databaseUrl) {
    console.error('npm run worker needs DATABASE_URL: on the embedded database the app delivers webhooks and polls carriers itself (docs/webhooks.md).');
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
// This process's composition root: the tracking poller's writes record events, and stale changes
// are relayed, rendered with the domain schema and fanned out to webhooks (graph/wiring.ts).
wireWritePath(schema);
const worker = await startDeliveryWorker();
const tracking = startTrackingPoller();
console.log(`worker ${process.pid} started: webhook deliveries and carrier tracking`);
const stop = async () => {
  await tracking.stop();
  await worker.stop();
  await disconnect();
  process.exit(0);
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
