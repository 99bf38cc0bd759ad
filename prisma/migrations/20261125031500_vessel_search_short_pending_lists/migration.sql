-- Vessel search (GET /api/vessels?search=) reads the trigram indexes. A GIN index collects new
-- entries in a pending list (4 MB by default) that every search scans in full until a vacuum
-- merges it; right after an AIS import of 20,000 vessels that made each index scan take about
-- 15 ms and the planner prefer a full table scan (docs/benchmarks.md, "Logistics"). A pending
-- list of 64 kB is merged as writes go, so a search reads the index itself: 1 to 6 ms.
ALTER INDEX "vessels_name_trgm_idx" SET (gin_pending_list_limit = 64);
ALTER INDEX "vessels_callsign_trgm_idx" SET (gin_pending_list_limit = 64);
ALTER INDEX "vessels_imo_number_trgm_idx" SET (gin_pending_list_limit = 64);
ALTER INDEX "vessels_mmsi_number_trgm_idx" SET (gin_pending_list_limit = 64);
