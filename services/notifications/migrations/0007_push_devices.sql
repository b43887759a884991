-- Push: the devices a customer registered (FCM registration tokens). A token belongs to one app install, so it is
-- the key: registering it again (another sign-in on the same phone) moves it to that customer. FCM's
-- UNREGISTERED / INVALID_ARGUMENT answers delete it.
CREATE TABLE notifications.push_devices (
  token text PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  customer_id char(24) NOT NULL,
  platform text NOT NULL CHECK (platform IN ('android', 'ios', 'web')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_devices_customer_idx ON notifications.push_devices (customer_id);

-- SMS status callbacks: Twilio's `undelivered` (the carrier could not deliver) is a delivery status of its own.
ALTER TABLE notifications.deliveries DROP CONSTRAINT deliveries_status_check;
ALTER TABLE notifications.deliveries ADD CONSTRAINT deliveries_status_check
  CHECK (status IN ('sent', 'delivered', 'read', 'undelivered', 'failed', 'blocked'));
