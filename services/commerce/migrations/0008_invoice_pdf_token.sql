-- Every invoice has a PDF at a capability URL (/public/invoices/{id}/pdf?token=…), like a provider's hosted
-- invoice link: the token is a long random secret of the invoice, made by the service when it inserts one; the
-- default fills the rows that existed before.
ALTER TABLE commerce.invoices
  ADD COLUMN pdf_token text NOT NULL
  DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
ALTER TABLE commerce.invoices ALTER COLUMN pdf_token DROP DEFAULT;
