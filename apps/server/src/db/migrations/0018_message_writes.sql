-- Messages get a write version like quotes and orders ('message:writes' per account, docs/lists.md "Kept first
-- pages"): the trigger now passes the accounts its statement touched to list_count_apply, which bumps their
-- versions in the writing transaction, also for a statement that moves no count (an edit, a re-read).
CREATE OR REPLACE FUNCTION message_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb; owners int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', account_id, 'bucket', b, 'n', c)) INTO deltas
    FROM (SELECT account_id, CASE WHEN read_at IS NULL THEN 'unread' ELSE 'read' END b, count(*) c
          FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 2) x;
    SELECT array_agg(DISTINCT account_id) INTO owners FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('owner_id', account_id, 'bucket', b, 'n', -c)) INTO deltas
    FROM (SELECT account_id, CASE WHEN read_at IS NULL THEN 'unread' ELSE 'read' END b, count(*) c
          FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 2) x;
    SELECT array_agg(DISTINCT account_id) INTO owners FROM old_rows;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('owner_id', account_id, 'bucket', b, 'n', c)) INTO deltas
    FROM (SELECT account_id, b, sum(d) c FROM (
            SELECT account_id, CASE WHEN read_at IS NULL THEN 'unread' ELSE 'read' END b, 1 d
            FROM new_rows WHERE deleted_at IS NULL
            UNION ALL SELECT account_id, CASE WHEN read_at IS NULL THEN 'unread' ELSE 'read' END b, -1 d
            FROM old_rows WHERE deleted_at IS NULL) u
          GROUP BY 1, 2 HAVING sum(d) <> 0) x;
    SELECT array_agg(DISTINCT a) INTO owners FROM (
      SELECT account_id a FROM new_rows UNION SELECT account_id FROM old_rows) u;
  END IF;
  IF owners IS NOT NULL THEN PERFORM list_count_apply('message', deltas, owners); END IF;
  RETURN NULL;
END $$;
