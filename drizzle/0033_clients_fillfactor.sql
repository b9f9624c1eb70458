-- Queue moves rewrite a client's queue figures, often for most of a portal at once (a sync, a managed write, a
-- recompute). None of those columns is indexed, so with free room on the page PostgreSQL updates the row in place
-- (a HOT update) instead of writing a new version elsewhere and an entry in each of the table's five indexes.
-- Pages keep 30 % free from now on (existing pages gain room as they are vacuumed). Decision 0018, "Cost".
ALTER TABLE "clients" SET (fillfactor = 70);
