import type { ServicePage } from '../api/client';
import { formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';

/** Services grouped by category, each with its price at the outlet and its duration. */
export function ServiceList(props: {
  page: ServicePage;
  value: string | undefined;
  onChange(id: string): void;
}) {
  const { t, language } = useI18n();
  if (props.page.items.length === 0) return <p>{t.noServices}</p>;
  return (
    <>
      {props.page.categories.map((category) => {
        const services = props.page.items.filter((service) => service.category === category.category);
        if (services.length === 0) return null;
        return (
          <fieldset key={category.category} className="choices">
            <legend>{category.display_name}</legend>
            {services.map((service) => (
              <label key={service.id} className="choice">
                <input
                  type="radio"
                  name="service"
                  value={service.id}
                  checked={props.value === service.id}
                  onChange={() => props.onChange(service.id)}
                />
                <span className="choice-body">
                  <span className="choice-title">{service.name}</span>
                  <span className="muted">
                    {t.minutes(service.duration_minutes)} ·{' '}
                    {formatMoney(service.price.amount, service.price.currency, language)}
                  </span>
                </span>
              </label>
            ))}
          </fieldset>
        );
      })}
    </>
  );
}
