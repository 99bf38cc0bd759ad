-- Vessel search (GET /api/vessels?search=) matches a substring of the name, callsign or IMO
-- number, or the start of an MMSI or IMO number. Trigram indexes serve both kinds of pattern,
-- so a search reads the matching vessels instead of scanning them all. pg_trgm is a trusted
-- extension: the database owner can create it, no superuser needed.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- CreateIndex
CREATE INDEX "vessels_name_trgm_idx" ON "vessels" USING GIN ("name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "vessels_callsign_trgm_idx" ON "vessels" USING GIN ("callsign" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "vessels_imo_number_trgm_idx" ON "vessels" USING GIN ("imo_number" gin_trgm_ops);

-- The search compares the MMSI (a char(9) column) as text, so the index is on that expression.
CREATE INDEX "vessels_mmsi_number_trgm_idx" ON "vessels" USING GIN (("mmsi_number"::text) gin_trgm_ops);
