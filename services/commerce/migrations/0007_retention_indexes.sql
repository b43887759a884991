-- The retention job deletes old audit entries and finished provider callbacks in batches; these indexes let
-- each batch find its rows without scanning the table.
CREATE INDEX audit_log_created_at_idx ON commerce.audit_log (created_at);
CREATE INDEX gateway_callbacks_finished_received_idx ON commerce.gateway_callbacks (received_at) WHERE outcome IS NOT NULL;
