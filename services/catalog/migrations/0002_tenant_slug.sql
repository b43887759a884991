-- The tenant's slug in catalog's tenant replica: the public booking API finds a business's services by it.
-- Rows replicated before this column existed keep null until their tenant's next identity.tenant.updated.v1.
ALTER TABLE catalog.tenants ADD COLUMN slug text;
CREATE INDEX tenants_slug_idx ON catalog.tenants (slug);
