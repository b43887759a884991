import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

/** The time zones a salon in the region most likely uses; the one already saved is always offered too. */
const COMMON_ZONES = [
  'Asia/Jakarta',
  'Asia/Makassar',
  'Asia/Jayapura',
  'Asia/Singapore',
  'Asia/Kuala_Lumpur',
  'Asia/Bangkok',
  'Asia/Ho_Chi_Minh',
  'Asia/Manila',
  'Asia/Hong_Kong',
  'Asia/Tokyo',
  'Australia/Perth',
  'Australia/Sydney',
  'Europe/London',
  'UTC',
];

/** A labelled select of IANA time zones. */
export function ZoneSelect(props: {
  id: string;
  label: string;
  value: string;
  onChange(zone: string): void;
}) {
  const zones = COMMON_ZONES.includes(props.value) ? COMMON_ZONES : [props.value, ...COMMON_ZONES];
  const options = zones.map((zone) => ({ value: zone, text: zone.replace(/_/g, ' ') }));
  return <SelectField {...props} options={options} />;
}

/** A labelled input of the settings forms; `type`, `required`, `min`… pass through to the input. */
export function TextField(
  props: { id: string; label: string; value: string; onChange(value: string): void } & Omit<
    InputHTMLAttributes<HTMLInputElement>,
    'id' | 'value' | 'onChange'
  >,
) {
  const { id, label, value, onChange, ...input } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} value={value} onChange={(event) => onChange(event.target.value)} {...input} />
    </div>
  );
}

/** A labelled textarea of the console forms; `rows`, `maxLength`… pass through to the textarea. */
export function TextAreaField(
  props: { id: string; label: string; value: string; onChange(value: string): void } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    'id' | 'value' | 'onChange'
  >,
) {
  const { id, label, value, onChange, ...textarea } = props;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea id={id} value={value} onChange={(event) => onChange(event.target.value)} {...textarea} />
    </div>
  );
}

/** A labelled select of the console forms, its options given as value and text. */
export function SelectField(props: {
  id: string;
  label: string;
  value: string;
  options: { value: string; text: string }[];
  onChange(value: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.target.value)}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </select>
    </div>
  );
}
