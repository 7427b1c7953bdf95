-- Clinical lists' tab counts in list_count (docs/lists.md), kept by statement triggers like orders' (0012):
-- 'recipe' (owner pharmacy: the pharmacist's list), 'recipe_doctor' (owner doctor) and 'consultation' (owner doctor),
-- each by status. One function serves them: TG_ARGV[0] is the scope, TG_ARGV[1] the owner column (rows with a null
-- owner are not counted). Transition tables are visible to EXECUTE inside the trigger function.
CREATE FUNCTION status_list_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE deltas jsonb; owners int[]; col text := quote_ident(TG_ARGV[1]);
BEGIN
  IF TG_OP = 'INSERT' THEN
    EXECUTE format('SELECT jsonb_agg(jsonb_build_object(''owner_id'', o, ''bucket'', status, ''n'', c)),
        array_agg(DISTINCT o) FROM (SELECT %s o, status, count(*) c FROM new_rows WHERE %s IS NOT NULL GROUP BY 1, 2) x',
      col, col) INTO deltas, owners;
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE format('SELECT jsonb_agg(jsonb_build_object(''owner_id'', o, ''bucket'', status, ''n'', -c)),
        array_agg(DISTINCT o) FROM (SELECT %s o, status, count(*) c FROM old_rows WHERE %s IS NOT NULL GROUP BY 1, 2) x',
      col, col) INTO deltas, owners;
  ELSE
    EXECUTE format('SELECT jsonb_agg(jsonb_build_object(''owner_id'', o, ''bucket'', status, ''n'', c)) FROM (
        SELECT o, status, sum(d) c FROM (
          SELECT %s o, status, 1 d FROM new_rows WHERE %s IS NOT NULL
          UNION ALL SELECT %s o, status, -1 d FROM old_rows WHERE %s IS NOT NULL) u
        GROUP BY 1, 2 HAVING sum(d) <> 0) x', col, col, col, col) INTO deltas;
    EXECUTE format('SELECT array_agg(DISTINCT o) FROM (
        SELECT %s o FROM new_rows WHERE %s IS NOT NULL UNION SELECT %s FROM old_rows WHERE %s IS NOT NULL) u',
      col, col, col, col) INTO owners;
  END IF;
  IF owners IS NOT NULL THEN PERFORM list_count_apply(TG_ARGV[0], deltas, owners); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER recipe_list_count_insert AFTER INSERT ON recipe REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_list_count('recipe', 'pharmacy_id');--> statement-breakpoint
CREATE TRIGGER recipe_list_count_update AFTER UPDATE ON recipe REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_list_count('recipe', 'pharmacy_id');--> statement-breakpoint
CREATE TRIGGER recipe_list_count_delete AFTER DELETE ON recipe REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_list_count('recipe', 'pharmacy_id');--> statement-breakpoint
CREATE TRIGGER recipe_list_count_truncate AFTER TRUNCATE ON recipe
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_truncated('recipe');--> statement-breakpoint
CREATE TRIGGER recipe_doctor_list_count_insert AFTER INSERT ON recipe REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_list_count('recipe_doctor', 'doctor_id');--> statement-breakpoint
CREATE TRIGGER recipe_doctor_list_count_update AFTER UPDATE ON recipe REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_list_count('recipe_doctor', 'doctor_id');--> statement-breakpoint
CREATE TRIGGER recipe_doctor_list_count_delete AFTER DELETE ON recipe REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_list_count('recipe_doctor', 'doctor_id');--> statement-breakpoint
CREATE TRIGGER recipe_doctor_list_count_truncate AFTER TRUNCATE ON recipe
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_truncated('recipe_doctor');--> statement-breakpoint
CREATE TRIGGER consultation_list_count_insert AFTER INSERT ON consultation_request REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_list_count('consultation', 'doctor_id');--> statement-breakpoint
CREATE TRIGGER consultation_list_count_update AFTER UPDATE ON consultation_request REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_list_count('consultation', 'doctor_id');--> statement-breakpoint
CREATE TRIGGER consultation_list_count_delete AFTER DELETE ON consultation_request REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION status_list_count('consultation', 'doctor_id');--> statement-breakpoint
CREATE TRIGGER consultation_list_count_truncate AFTER TRUNCATE ON consultation_request
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_truncated('consultation');--> statement-breakpoint
-- prescription numbers: RX, the date and a 6-digit sequence (docs/clinical.md)
CREATE SEQUENCE recipe_no_seq;
