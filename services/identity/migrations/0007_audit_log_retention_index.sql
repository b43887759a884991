-- The retention job deletes audit entries older than RETENTION_AUDIT_DAYS in batches; without an index on
-- created_at alone each batch would scan the whole table to find them.
CREATE INDEX audit_log_created_at_idx ON identity.audit_log (created_at);
