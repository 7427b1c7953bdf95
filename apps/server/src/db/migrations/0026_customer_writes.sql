-- The customer list's write versions (docs/marketing.md "Performance", docs/lists.md "Kept first pages"): page 1 of a
-- pharmacy's whole customer list is kept per server instance and served while these versions are unchanged, so every
-- write that can change what that page shows must bump one of them, in the writing transaction:
-- 1. 'customer:writes' per pharmacy: every statement writing customer_info (insert / update / delete, also through
--    an account's or a pharmacy's cascade) and every statement writing viper (the page shows the member's level).
-- 2. 'customer_account:writes' of owner 0: every statement that changes an account's name, phone or avatar (the page
--    shows them; one global version, as 'product:writes' is for the catalogue). Other account updates (a login, a
--    password) leave it as it is. Transition tables cannot go with a column list, so the statement compares its rows.
-- Both go through list_count_apply (0012): the list-wide lock shared and one advisory lock per pharmacy touched, or
-- the list-wide lock alone past 64 pharmacies. TRUNCATE bumps every version of the scope (0009's function).
CREATE FUNCTION customer_list_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE owners int[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT pharmacy_id) INTO owners FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT pharmacy_id) INTO owners FROM old_rows;
  ELSE
    SELECT array_agg(DISTINCT p) INTO owners FROM (
      SELECT pharmacy_id p FROM new_rows UNION SELECT pharmacy_id FROM old_rows) u;
  END IF;
  IF owners IS NOT NULL THEN PERFORM list_count_apply('customer', NULL, owners); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER customer_info_version_insert AFTER INSERT ON customer_info
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_list_version();--> statement-breakpoint
CREATE TRIGGER customer_info_version_update AFTER UPDATE ON customer_info
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_list_version();--> statement-breakpoint
CREATE TRIGGER customer_info_version_delete AFTER DELETE ON customer_info
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_list_version();--> statement-breakpoint
CREATE TRIGGER customer_info_version_truncate AFTER TRUNCATE ON customer_info
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_truncated('customer');--> statement-breakpoint
CREATE TRIGGER viper_customer_version_insert AFTER INSERT ON viper
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_list_version();--> statement-breakpoint
CREATE TRIGGER viper_customer_version_update AFTER UPDATE ON viper
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_list_version();--> statement-breakpoint
CREATE TRIGGER viper_customer_version_delete AFTER DELETE ON viper
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_list_version();--> statement-breakpoint
CREATE TRIGGER viper_customer_version_truncate AFTER TRUNCATE ON viper
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_truncated('customer');--> statement-breakpoint
CREATE FUNCTION customer_account_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM new_rows n JOIN old_rows o ON o.id = n.id
             WHERE (n.name, n.phone, n.head_img_url) IS DISTINCT FROM (o.name, o.phone, o.head_img_url)) THEN
    PERFORM list_count_apply('customer_account', NULL, ARRAY[0]);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER account_customer_version_update AFTER UPDATE ON account
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION customer_account_version();--> statement-breakpoint
CREATE TRIGGER account_customer_version_truncate AFTER TRUNCATE ON account
  FOR EACH STATEMENT EXECUTE FUNCTION list_count_truncated('customer_account');--> statement-breakpoint
-- Every version starts present (a missing version caches nothing, see lib/list-count.ts writeVersionColumn).
INSERT INTO list_count (scope, owner_id, bucket, n) VALUES ('customer_account:writes', 0, 'n', 1)
ON CONFLICT (scope, owner_id, bucket) DO NOTHING;--> statement-breakpoint
INSERT INTO list_count (scope, owner_id, bucket, n) SELECT 'customer:writes', id, 'n', 1 FROM pharmacy ORDER BY id
ON CONFLICT (scope, owner_id, bucket) DO NOTHING;
