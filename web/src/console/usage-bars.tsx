import type { Usage } from '../api/client';
import { useI18n } from '../shared/i18n';

type Item = Usage['usage']['outlets'];

/**
 * GET /subscriptions/usage as bars: current / limit, the percentage and billing's status word. An unlimited
 * limit (-1) has no bar, only the count.
 */
export function UsageBars({ usage }: { usage: Usage }) {
  const { t } = useI18n();
  const rows: [string, Item][] = [
    [t.console.plan.outlets, usage.usage.outlets],
    [t.console.plan.staff, usage.usage.staff],
    [t.console.plan.appointments, usage.usage.appointments_this_month],
    [t.console.plan.services, usage.usage.services],
  ];
  return (
    <section aria-labelledby="usage-heading" className="card stack">
      <h3 id="usage-heading">{t.console.plan.usageTitle}</h3>
      <dl className="usage-list">
        {rows.map(([label, item]) => (
          <div key={label} className="usage-row" data-usage-status={item.status}>
            <dt>{label}</dt>
            <dd>
              <span className="usage-figures">
                {item.status === 'unlimited'
                  ? t.console.plan.unlimited(item.current)
                  : `${t.console.plan.of(item.current, item.limit)} · ${Math.round(item.percentage)} %`}
                {' · '}
                <span className="usage-status">{t.console.plan.statuses[item.status] ?? item.status}</span>
              </span>
              {item.status === 'unlimited' ? null : (
                <meter
                  aria-label={label}
                  min={0}
                  max={item.limit}
                  high={item.limit * 0.8}
                  optimum={0}
                  value={Math.min(item.current, item.limit)}
                />
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
