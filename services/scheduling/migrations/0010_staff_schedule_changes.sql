-- What lets a scheduling replica keep the availability grid's reads (a staff member's entries and occupancies)
-- and still never serve them after they changed (issue 23): every change to either is noted here by a trigger,
-- with the transaction that made it. Cached rows carry the snapshot they were read in; they are current while
-- no change of their staff member is invisible to that snapshot (pg_visible_in_snapshot), whichever replica or
-- transaction made it and in whatever order they commit. Append-only: no row is ever updated, so writers never
-- wait on each other here (a version counter on the staff row would put every appointment write in a queue on
-- that row, and two of them in opposite order would deadlock). The retention job deletes rows after a day; a
-- cached read is dropped long before that.
CREATE TABLE scheduling.staff_schedule_changes (
  staff_id char(24) NOT NULL,
  changed_by xid8 NOT NULL DEFAULT pg_current_xact_id(),
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_schedule_changes_staff_idx ON scheduling.staff_schedule_changes (staff_id, changed_by);
CREATE INDEX staff_schedule_changes_time_idx ON scheduling.staff_schedule_changes (changed_at);

CREATE FUNCTION scheduling.note_staff_schedule_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    INSERT INTO scheduling.staff_schedule_changes (staff_id) VALUES (OLD.staff_id);
  END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.staff_id <> OLD.staff_id) THEN
    INSERT INTO scheduling.staff_schedule_changes (staff_id) VALUES (NEW.staff_id);
  END IF;
  RETURN NULL;
END
$$;

-- Updates that change nothing a grid reads (names, prices on a segment) are left out by the WHEN clauses.
CREATE TRIGGER appointment_services_note_schedule_change
  AFTER INSERT OR DELETE ON scheduling.appointment_services
  FOR EACH ROW EXECUTE FUNCTION scheduling.note_staff_schedule_change();
CREATE TRIGGER appointment_services_note_schedule_update
  AFTER UPDATE ON scheduling.appointment_services
  FOR EACH ROW WHEN ((OLD.staff_id, OLD.service_id, OLD.occupancy, OLD.active, OLD.parallel)
                     IS DISTINCT FROM (NEW.staff_id, NEW.service_id, NEW.occupancy, NEW.active, NEW.parallel))
  EXECUTE FUNCTION scheduling.note_staff_schedule_change();
CREATE TRIGGER availability_note_schedule_change
  AFTER INSERT OR DELETE ON scheduling.availability
  FOR EACH ROW EXECUTE FUNCTION scheduling.note_staff_schedule_change();
CREATE TRIGGER availability_note_schedule_update
  AFTER UPDATE ON scheduling.availability
  FOR EACH ROW WHEN ((OLD.staff_id, OLD.date, OLD.start_time, OLD.end_time, OLD.availability_type, OLD.service_ids)
                     IS DISTINCT FROM (NEW.staff_id, NEW.date, NEW.start_time, NEW.end_time, NEW.availability_type,
                                       NEW.service_ids))
  EXECUTE FUNCTION scheduling.note_staff_schedule_change();
