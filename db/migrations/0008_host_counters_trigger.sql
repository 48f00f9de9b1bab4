-- users.hosted_events / hosted_participants: a host's active (not cancelled) events and the sum of
-- their participants. Kept here, in the database, so every path that writes events (services, seeds,
-- manual fixes) keeps them right. The triggers add deltas (never recount): concurrent transactions
-- each add their own change under the user row's lock, so no count is lost. Statement-level triggers
-- see all changed rows at once: a bulk insert of a million events is one update per host.
CREATE FUNCTION events_host_counters_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u
  SET hosted_events = u.hosted_events + d.n, hosted_participants = u.hosted_participants + d.p
  FROM (
    SELECT host_id, count(*)::int AS n, sum(participant_count)::int AS p
    FROM new_rows WHERE cancelled_at IS NULL GROUP BY host_id
  ) d
  WHERE u.id = d.host_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION events_host_counters_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u
  SET hosted_events = u.hosted_events + d.n, hosted_participants = u.hosted_participants + d.p
  FROM (
    SELECT host_id, sum(n)::int AS n, sum(p)::int AS p
    FROM (
      SELECT host_id, 1 AS n, participant_count AS p FROM new_rows WHERE cancelled_at IS NULL
      UNION ALL
      SELECT host_id, -1, -participant_count FROM old_rows WHERE cancelled_at IS NULL
    ) x
    GROUP BY host_id
  ) d
  -- Edits of a title or a time add nothing and write nothing.
  WHERE u.id = d.host_id AND (d.n <> 0 OR d.p <> 0);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION events_host_counters_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u
  SET hosted_events = u.hosted_events - d.n, hosted_participants = u.hosted_participants - d.p
  FROM (
    SELECT host_id, count(*)::int AS n, sum(participant_count)::int AS p
    FROM old_rows WHERE cancelled_at IS NULL GROUP BY host_id
  ) d
  WHERE u.id = d.host_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER events_host_counters_insert AFTER INSERT ON events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_host_counters_inserted();
--> statement-breakpoint
CREATE TRIGGER events_host_counters_update AFTER UPDATE ON events
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION events_host_counters_updated();
--> statement-breakpoint
CREATE TRIGGER events_host_counters_delete AFTER DELETE ON events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION events_host_counters_deleted();
--> statement-breakpoint
-- Existing data (the migration runs under a lock, before the app serves).
UPDATE users u
SET hosted_events = s.n, hosted_participants = s.p
FROM (
  SELECT host_id, count(*)::int AS n, sum(participant_count)::int AS p
  FROM events WHERE cancelled_at IS NULL GROUP BY host_id
) s
WHERE u.id = s.host_id;
