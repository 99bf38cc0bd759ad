-- Vessel changes were kept as rows no one read: what they change on shipments is kept by the
-- shipments' ETA history and the processes' events (docs/decisions/007-reference-datasets.md,
-- "Tracking link"; docs/tracking.md, "ETA history").
-- DropTable
DROP TABLE "tracking_events";

-- DropEnum
DROP TYPE "TrackingEventKind";
