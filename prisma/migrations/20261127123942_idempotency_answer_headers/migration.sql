-- A kept answer's headers (`Location`, `Preference-Applied`, `ETag`, `Vary`), replayed with its
-- status and body to a retry of the same request (docs/index.md, "Idempotent requests").
ALTER TABLE "idempotency_keys" ADD COLUMN     "headers" TEXT;
