-- Webhook deliveries are claimed from webhook_deliveries itself on every database
-- (docs/decisions/012-events-and-webhooks.md, amendment 2026-11-28): the job queue schema an
-- earlier version installed on a PostgreSQL server holds nothing the app reads any more.
DROP SCHEMA IF EXISTS graphile_worker CASCADE;
