-- A provider's status callbacks (WhatsApp: delivered, read, failed) move a delivery on, found by the provider's
-- message id; status_updated_at is when the last callback changed it.
ALTER TABLE notifications.deliveries DROP CONSTRAINT deliveries_status_check;
ALTER TABLE notifications.deliveries ADD CONSTRAINT deliveries_status_check
  CHECK (status IN ('sent', 'delivered', 'read', 'failed', 'blocked'));
ALTER TABLE notifications.deliveries ADD COLUMN status_updated_at timestamptz;
CREATE INDEX deliveries_provider_message_idx ON notifications.deliveries (channel, provider_message_id)
  WHERE provider_message_id IS NOT NULL;
