-- The console's live calendar (issue 20, GET /appointments/stream): every committed change of an appointment row
-- is announced to every scheduling replica that LISTENs, whichever replica or event handler made it. A trigger
-- rather than a call in each use case, so no path that writes an appointment (booking, reschedule, status,
-- cancellation, a payment's confirmation, a deposit's release) can forget it. NOTIFY is delivered at commit, and
-- not at all on a rollback. The payload names what a calendar needs to decide whether to read again, no personal
-- data: the tenant and outlet (the stream's scope), the appointment, and its day(s) (a moved one: both).
CREATE FUNCTION scheduling.notify_appointment_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('scheduling_appointment_changes', json_build_object(
    'tenant_id', NEW.tenant_id,
    'outlet_id', NEW.outlet_id,
    'appointment_id', NEW.id,
    'dates', CASE
      WHEN TG_OP = 'UPDATE' AND OLD.appointment_date <> NEW.appointment_date
        THEN json_build_array(NEW.appointment_date, OLD.appointment_date)
      ELSE json_build_array(NEW.appointment_date)
    END
  )::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER appointments_notify_change
  AFTER INSERT OR UPDATE ON scheduling.appointments
  FOR EACH ROW EXECUTE FUNCTION scheduling.notify_appointment_change();
