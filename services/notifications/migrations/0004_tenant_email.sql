-- The business's own e-mail (identity's tenant `email`), where platform messages to the business go (the
-- confirmation of a paid subscription invoice). Null until identity's next tenant event for rows replicated before.
ALTER TABLE notifications.tenants ADD COLUMN email text;
