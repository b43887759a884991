-- The retention job deletes token-usage log rows older than RETENTION_TOKEN_USAGE_DAYS in batches; without an
-- index on created_at each batch would scan the whole table to find them.
CREATE INDEX token_usage_log_created_at_idx ON billing.token_usage_log (created_at);
