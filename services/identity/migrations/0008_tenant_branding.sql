-- A tenant's branding, which the customer login and the public business answer show (spec 02, customer login:
-- tenant {…, logo_url, theme_color}): an https address of the logo and a colour as #RRGGBB; null when not set.
ALTER TABLE identity.tenants
  ADD COLUMN logo_url text,
  ADD COLUMN theme_color text;
