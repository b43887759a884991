-- Deposits (issue 22 item 1): `pricing.deposit`, {type: fixed | percentage, value} or null (no deposit).
ALTER TABLE catalog.services ADD COLUMN deposit jsonb;
