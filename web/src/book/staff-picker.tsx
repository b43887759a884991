import type { StaffMember } from '../api/client';
import { useI18n } from '../shared/i18n';

export const ANYONE = 'anyone';

/** "Anyone available" or one of the staff members who perform the service and take online bookings. */
export function StaffPicker(props: {
  staff: StaffMember[];
  value: string | undefined;
  onChange(id: string): void;
}) {
  const { t } = useI18n();
  if (props.staff.length === 0) return <p>{t.noStaff}</p>;
  const options = [{ id: ANYONE, name: t.anyone, position: '' }].concat(
    props.staff.map((member) => ({ id: member.id, name: member.display_name, position: member.position })),
  );
  return (
    <fieldset className="choices">
      <legend className="visually-hidden">{t.stepStaff}</legend>
      {options.map((option) => (
        <label key={option.id} className="choice">
          <input
            type="radio"
            name="staff"
            value={option.id}
            checked={props.value === option.id}
            onChange={() => props.onChange(option.id)}
          />
          <span className="choice-body">
            <span className="choice-title">{option.name}</span>
            {option.position ? <span className="muted">{option.position}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
