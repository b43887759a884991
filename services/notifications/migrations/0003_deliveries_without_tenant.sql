-- A message to a staff user (a password reset code, a password-changed notice) has no tenant: a staff account is
-- platform-wide. Its delivery rows are still recorded, with tenant_id NULL.
ALTER TABLE notifications.deliveries ALTER COLUMN tenant_id DROP NOT NULL;
