-- The memory a server scan took (apps/server/src/scan-memory/peak-memory.ts): how far the worker
-- process's resident set rose above its level at the scan's start. Null for runs uploaded from CI,
-- runs that scanned nothing, and runs from before it was measured.
ALTER TABLE "policy_runs" ADD COLUMN "peak_memory_bytes" bigint;
