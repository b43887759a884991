-- The retention job deletes old delivery records and audit entries in batches; these indexes let each batch
-- find its rows without scanning the table.
CREATE INDEX deliveries_created_at_idx ON notifications.deliveries (created_at);
CREATE INDEX audit_log_created_at_idx ON notifications.audit_log (created_at);
