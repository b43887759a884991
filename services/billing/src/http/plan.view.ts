import { PLAN_CATALOGUE, PLAN_TYPES } from '@salon/contracts';
import { formatMoney } from '@salon/service-kit';

/** GET /subscriptions/plans: the one catalogue, in plan order. */
export const plansView = () => ({
  plans: PLAN_TYPES.map((type) => {
    const plan = PLAN_CATALOGUE[type];
    return {
      plan_type: plan.plan_type,
      display_name: plan.display_name,
      description: plan.description,
      price: {
        monthly: formatMoney(plan.price.monthly),
        quarterly: formatMoney(plan.price.quarterly),
        yearly: formatMoney(plan.price.yearly),
        currency: plan.price.currency,
      },
      limits: plan.limits,
      features: plan.features,
    };
  }),
});
