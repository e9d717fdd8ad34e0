-- Written by hand (Prisma's schema cannot express triggers): every change that can end or alter an authenticated
-- principal is announced on the channel atrium_auth as '<table>:<id>', so each instance's principal cache forgets it
-- at once (src/platform/auth/principal-cache.ts). Last-used bookkeeping columns are left out: they change nothing,
-- and so are deletions of credentials already dead (the session prune), which no cache can hold.
CREATE FUNCTION atrium_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atrium_auth', TG_TABLE_NAME || ':' || OLD.id);
  RETURN NULL;
END
$$;

CREATE TRIGGER users_auth_changed AFTER UPDATE OF username, email, display_name, roles OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION atrium_auth_changed();
CREATE TRIGGER app_passwords_auth_changed AFTER UPDATE OF user_id, hash OR DELETE ON app_passwords
  FOR EACH ROW EXECUTE FUNCTION atrium_auth_changed();
CREATE TRIGGER api_keys_auth_changed AFTER UPDATE OF user_id, hash, scopes, revoked_at ON api_keys
  FOR EACH ROW EXECUTE FUNCTION atrium_auth_changed();
CREATE TRIGGER api_keys_auth_deleted AFTER DELETE ON api_keys
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL) EXECUTE FUNCTION atrium_auth_changed();
CREATE TRIGGER sessions_auth_changed AFTER UPDATE OF user_id, token_hash, expires_at, revoked_at ON sessions
  FOR EACH ROW EXECUTE FUNCTION atrium_auth_changed();
CREATE TRIGGER sessions_auth_deleted AFTER DELETE ON sessions
  FOR EACH ROW WHEN (OLD.revoked_at IS NULL AND OLD.expires_at > now()) EXECUTE FUNCTION atrium_auth_changed();
