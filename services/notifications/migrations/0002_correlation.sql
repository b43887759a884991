-- The correlation id of what scheduled a notification (a booking's request id, carried by its events): the
-- notification's task carries it, also when the promotion run puts it on the task tier days later.
ALTER TABLE notifications.scheduled_notifications ADD COLUMN correlation_id text;
