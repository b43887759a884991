-- Deposits (issue 22 item 1): the deposit an appointment owes (scheduling's deposit_amount; 0 when none), so
-- that an online payment of a booking that owes one takes the deposit rather than the whole price.
ALTER TABLE commerce.appointments ADD COLUMN deposit_amount numeric(14, 2) NOT NULL DEFAULT 0;
