-- Reviews (issue 22 item 4): after a completed appointment its customer rates each service and each staff member
-- of it once. A hidden review is kept (who hid it, when and why) but neither shown publicly nor counted; the
-- customer's account deletion deletes its reviews. `version` grows on every change: catalog's replica of the
-- service ratings keeps the newest.
CREATE TABLE scheduling.reviews (
  id char(24) PRIMARY KEY,
  tenant_id char(24) NOT NULL,
  appointment_id char(24) NOT NULL,
  outlet_id char(24) NOT NULL,
  customer_id char(24) NOT NULL,
  author_name text NOT NULL,
  subject_type text NOT NULL CHECK (subject_type IN ('service', 'staff')),
  subject_id char(24) NOT NULL,
  -- the staff member who served (the subject itself for a staff review): who may reply
  staff_id char(24) NOT NULL,
  rating smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment text CHECK (char_length(comment) <= 1000),
  reply text,
  replied_at timestamptz,
  replied_by char(24),
  hidden_at timestamptz,
  hidden_by char(24),
  hidden_reason text,
  editable_until timestamptz NOT NULL,
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Once per service and per staff member of an appointment: a second review is a unique violation (409).
CREATE UNIQUE INDEX reviews_once_key ON scheduling.reviews (tenant_id, appointment_id, subject_type, subject_id);
CREATE INDEX reviews_subject_idx ON scheduling.reviews (tenant_id, subject_type, subject_id, created_at DESC);
CREATE INDEX reviews_customer_idx ON scheduling.reviews (tenant_id, customer_id);
