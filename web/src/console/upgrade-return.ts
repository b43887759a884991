import { useEffect, useState } from 'react';
import { api, bearer } from '../api/client';
import type { Desk } from './console-page';

export const PLAN_PATH = '/console/plan';
/** The query parameter the hosted payment page brings back (the upgrade's return_url). */
export const UPGRADE_RETURN = 'upgrade';
/** Lowest first, as billing compares plans: only plans above the current one are offered. */
export const PLAN_RANK = ['FREE', 'PRO', 'ENTERPRISE'] as const;

/**
 * The plan paid for, kept in this tab across the trip to the hosted page: back here, it is what the page
 * waits for (the return address alone says nothing of what was bought or whether it was paid).
 */
const KEY = 'salon.console.upgrade';
export const pendingUpgrade = {
  save: (plan: string) => sessionStorage.setItem(KEY, plan),
  take: (): string | undefined => {
    const plan = sessionStorage.getItem(KEY) ?? undefined;
    sessionStorage.removeItem(KEY);
    return plan;
  },
};

// Billing applies the payment from commerce's event: usually seconds; past two minutes the page stops asking.
const POLL_MS = 2_000;
const GIVE_UP_MS = 120_000;

export type UpgradeOutcome =
  | { state: 'none' }
  | { state: 'waiting'; plan: string }
  | { state: 'changed'; plan: string }
  | { state: 'timed-out'; plan: string };

/** Back from the hosted page: poll the subscription until it shows the plan paid for, or give up. */
export function useUpgradeOutcome(desk: Desk): UpgradeOutcome {
  const [outcome, setOutcome] = useState<UpgradeOutcome>(() => {
    if (!new URLSearchParams(window.location.search).has(UPGRADE_RETURN)) return { state: 'none' };
    const plan = pendingUpgrade.take();
    return plan ? { state: 'waiting', plan } : { state: 'none' };
  });

  useEffect(() => {
    // A reload must not start waiting again: the address loses the marker at once.
    if (window.location.search) window.history.replaceState(null, '', PLAN_PATH);
    if (outcome.state !== 'waiting') return;
    const { plan } = outcome;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      const { data } = await api.GET('/api/v1/subscriptions/current', {
        headers: bearer(desk.session.accessToken),
      });
      if (stopped) return;
      if (data?.plan_type === plan) return setOutcome({ state: 'changed', plan });
      if (Date.now() - started > GIVE_UP_MS) return setOutcome({ state: 'timed-out', plan });
      timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [outcome.state]);

  return outcome;
}
