import type { Outlet } from '../api/client';
import { useI18n } from '../shared/i18n';

/** The business's outlets with their addresses; one to choose when there are several. */
export function OutletPicker(props: {
  outlets: Outlet[];
  value: string | undefined;
  onChange(id: string): void;
}) {
  const { t } = useI18n();
  if (props.outlets.length === 1) {
    const outlet = props.outlets[0]!;
    return (
      <section aria-labelledby="outlet-heading" className="card">
        <h2 id="outlet-heading">{t.outlet}</h2>
        <p>
          <strong>{outlet.name}</strong>
          {outlet.address ? <span className="muted"> · {outlet.address}</span> : null}
        </p>
      </section>
    );
  }
  return (
    <fieldset className="card choices">
      <legend>{t.chooseOutlet}</legend>
      {props.outlets.map((outlet) => (
        <label key={outlet.id} className="choice">
          <input
            type="radio"
            name="outlet"
            value={outlet.id}
            checked={props.value === outlet.id}
            onChange={() => props.onChange(outlet.id)}
          />
          <span>
            <strong>{outlet.name}</strong>
            {outlet.address ? <span className="muted"> · {outlet.address}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
