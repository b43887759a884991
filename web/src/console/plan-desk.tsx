import { useEffect, useState } from 'react';
import { api, bearer, detailOf, type PlanOffer, type Usage } from '../api/client';
import { Alert } from '../shared/alert';
import { formatDay, formatMoney } from '../shared/format';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { UsageBars } from './usage-bars';
import { pendingUpgrade, PLAN_RANK, PLAN_PATH, UPGRADE_RETURN, useUpgradeOutcome } from './upgrade-return';

/**
 * /console/plan, for the owner: the current plan, the usage against its limits, and the plans above it. An
 * upgrade asks billing for the invoice with a return address here and goes to the provider's hosted page (a
 * top-level navigation, as the customer's package purchase); back here, the plan is polled until billing
 * has applied the payment.
 */
export function PlanDesk({ desk }: { desk: Desk }) {
  const { t, language } = useI18n();
  const [current, setCurrent] = useState<string>();
  const [periodEnd, setPeriodEnd] = useState<string>();
  const [usage, setUsage] = useState<Usage>();
  const [plans, setPlans] = useState<PlanOffer[]>();
  const [error, setError] = useState<string>();
  const [buying, setBuying] = useState<string>();
  const headers = bearer(desk.session.accessToken);
  const outcome = useUpgradeOutcome(desk);

  // Read again when the awaited plan arrives, so the raised limits show.
  useEffect(() => {
    void api.GET('/api/v1/subscriptions/current', { headers }).then(({ data, error: refused, response }) => {
      if (!data) return setError(desk.refusal(response, detailOf(refused)));
      setCurrent(data.plan_type);
      setPeriodEnd(data.current_period_end.slice(0, 10));
    });
    void api.GET('/api/v1/subscriptions/usage', { headers }).then(({ data, error: refused, response }) => {
      if (!data) return setError(desk.refusal(response, detailOf(refused)));
      setUsage(data);
    });
    void api.GET('/api/v1/subscriptions/plans', { headers }).then(({ data }) => data && setPlans(data.plans));
  }, [desk.session.accessToken, outcome.state]);

  const upgrade = async (plan: PlanOffer) => {
    setBuying(plan.plan_type);
    setError(undefined);
    const back = `${window.location.origin}${PLAN_PATH}?${UPGRADE_RETURN}=1`;
    const {
      data,
      error: refused,
      response,
    } = await api.POST('/api/v1/subscriptions/upgrade', {
      headers,
      body: { target_plan: plan.plan_type.toLowerCase(), return_url: back },
    });
    const url = data?.invoice.gateway_payment_url ?? data?.invoice.gateway_invoice_url;
    if (!url) {
      setBuying(undefined);
      return setError(desk.refusal(response, detailOf(refused)));
    }
    pendingUpgrade.save(plan.plan_type);
    window.location.assign(url);
  };

  const nameOf = (type: string | undefined) =>
    plans?.find((plan) => plan.plan_type === type)?.display_name ?? type ?? '';
  const limit = (value: number) => (value < 0 ? t.console.plan.unlimitedWord : String(value));
  const rank = (type: string | undefined) => PLAN_RANK.indexOf(type as (typeof PLAN_RANK)[number]);

  return (
    <section aria-labelledby="plan-heading" className="stack plan-desk">
      <h2 id="plan-heading">{t.console.plan.title}</h2>
      <Alert message={error} />
      <p role="status" className="console-notice">
        {outcome.state === 'waiting' ? t.console.plan.waiting : null}
        {outcome.state === 'changed' ? t.console.plan.changed(nameOf(outcome.plan)) : null}
        {outcome.state === 'timed-out' ? t.console.plan.notYet : null}
      </p>
      {current ? (
        <p className="plan-current">
          <strong>{t.console.plan.current(nameOf(current))}</strong>
          {periodEnd ? (
            <span className="muted"> {t.console.plan.periodEnds(formatDay(periodEnd, language, true))}</span>
          ) : null}
        </p>
      ) : (
        <p role="status">{t.loading}</p>
      )}
      {usage ? <UsageBars usage={usage} /> : null}
      {plans ? (
        <section aria-labelledby="plans-heading" className="stack">
          <h3 id="plans-heading">{t.console.plan.plansTitle}</h3>
          <div className="plan-grid">
            {plans.map((plan) => (
              <article key={plan.plan_type} aria-labelledby={`plan-${plan.plan_type}`} className="card">
                <h4 id={`plan-${plan.plan_type}`}>{plan.display_name}</h4>
                <p className="muted">{plan.description}</p>
                <p>
                  <strong>
                    {t.console.plan.perMonth(formatMoney(plan.price.monthly, plan.price.currency, language))}
                  </strong>
                </p>
                <p className="muted">
                  {t.console.plan.limitLine(
                    limit(plan.limits.max_outlets),
                    limit(plan.limits.max_staff_per_outlet),
                    limit(plan.limits.max_services),
                  )}
                </p>
                {plan.plan_type === current ? (
                  <p className="plan-yours">{t.console.plan.yours}</p>
                ) : rank(plan.plan_type) > rank(current) && current ? (
                  <button
                    type="button"
                    className="primary"
                    disabled={buying !== undefined || outcome.state === 'waiting'}
                    onClick={() => void upgrade(plan)}
                  >
                    {buying === plan.plan_type
                      ? t.console.plan.toPayment
                      : t.console.plan.upgrade(plan.display_name)}
                  </button>
                ) : null}
              </article>
            ))}
          </div>
        </section>
      ) : null}
    </section>
  );
}
