-- Who a session is (plugins/principal-cache.ts): each server keeps the principal of a session it has seen, and forgets
-- every one of them when the database says something they were read from changed. These statement-level triggers say
-- so on the channel `principal_change`, once per statement, delivered at commit. Every pooled connection LISTENs to
-- it, so the server that wrote hears it before its own statement returns; other servers hear it moments later.
-- Only what the session lookup reads (plugins/principal.repository.ts) is watched: a session ending, the account's
-- identity and status, its memberships and their pharmacies' names, logos, cities and statuses, the doctor profile and
-- the admin profile. A new session, an account's other columns and a pharmacy's other settings do not matter.
CREATE FUNCTION notify_principal_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('principal_change', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER session_principal_change AFTER UPDATE OR DELETE OR TRUNCATE ON "session"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();--> statement-breakpoint
CREATE TRIGGER account_principal_change
  AFTER UPDATE OF phone, phone_user_id, name, head_img_url, e_commerce, status OR DELETE OR TRUNCATE ON "account"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();--> statement-breakpoint
CREATE TRIGGER pharmacy_member_principal_change
  AFTER INSERT OR UPDATE OF pharmacy_id, account_id, role, permissions, status OR DELETE OR TRUNCATE ON "pharmacy_member"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();--> statement-breakpoint
CREATE TRIGGER pharmacy_principal_change
  AFTER UPDATE OF name, logo_url, city, status, status_reason OR DELETE OR TRUNCATE ON "pharmacy"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();--> statement-breakpoint
CREATE TRIGGER doctor_principal_change AFTER INSERT OR UPDATE OF account_id, status OR DELETE OR TRUNCATE ON "doctor"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();--> statement-breakpoint
CREATE TRIGGER admin_profile_principal_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "admin_profile"
  FOR EACH STATEMENT EXECUTE FUNCTION notify_principal_change();
