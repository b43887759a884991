-- Deposits, the rest of issue 22 item 1.
-- An appointment's payments are parts: `full` (the price, as before), `deposit` (what a booking that owes one pays
-- online) and `balance` (the price less a paid deposit, once the appointment is completed). One live payment per
-- appointment and part replaces one per appointment.
ALTER TABLE commerce.payments
  ADD COLUMN part text NOT NULL DEFAULT 'full' CHECK (part IN ('full', 'deposit', 'balance'));
UPDATE commerce.payments p SET part = 'deposit'
  FROM commerce.invoices i
  WHERE i.id = p.invoice_id AND i.metadata->>'deposit' = 'true';
DROP INDEX commerce.payments_one_live_per_appointment;
CREATE UNIQUE INDEX payments_one_live_per_appointment ON commerce.payments (appointment_id, part)
  WHERE appointment_id IS NOT NULL AND status IN ('PENDING', 'PROCESSING', 'COMPLETED');

-- A deposit kept as a fee (a no-show, a cancellation inside cancellation_hours) is entered against its invoice's
-- credit: `deposit_kept` mirrors the credit's amounts and is not counted again in what the salon is owed (the
-- credit already is); once per invoice like every entry type.
ALTER TABLE commerce.merchant_ledger DROP CONSTRAINT merchant_ledger_entry_type_check;
ALTER TABLE commerce.merchant_ledger
  ADD CONSTRAINT merchant_ledger_entry_type_check CHECK (entry_type IN ('credit', 'reversal', 'deposit_kept'));
