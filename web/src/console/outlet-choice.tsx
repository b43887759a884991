import { useEffect, useState } from 'react';
import { api, bearer, detailOf, type ConsoleOutlet } from '../api/client';
import { useI18n } from '../shared/i18n';
import type { Desk } from './console-page';
import { outletScope } from './console-session';

/** The active outlets the token may act at (the API's outlet scope) and the chosen one: the first until another is. */
export function useConsoleOutlets(desk: Desk) {
  const [outlets, setOutlets] = useState<ConsoleOutlet[]>();
  const [outletId, setOutletId] = useState<string>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    void api
      .GET('/api/v1/outlets', {
        params: { query: { size: 100, is_active: true } },
        headers: bearer(desk.session.accessToken),
      })
      .then(({ data, error: refused, response }) => {
        if (!data) return setError(desk.refusal(response, detailOf(refused)));
        const scope = outletScope(desk.session);
        const mine = scope ? data.items.filter((outlet) => scope.includes(outlet.id)) : data.items;
        setOutlets(mine);
        setOutletId(mine[0]?.id);
      });
  }, [desk.session.accessToken]);

  const outlet = outlets?.find((candidate) => candidate.id === outletId);
  return { outlets, outlet, choose: setOutletId, error };
}

export function OutletPicker(props: {
  outlets: ConsoleOutlet[];
  outlet: ConsoleOutlet;
  choose(id: string): void;
}) {
  const { t } = useI18n();
  return (
    <div className="field outlet-picker">
      <label htmlFor="console-outlet">{t.outlet}</label>
      <select
        id="console-outlet"
        value={props.outlet.id}
        onChange={(event) => props.choose(event.target.value)}
      >
        {props.outlets.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.name}
          </option>
        ))}
      </select>
    </div>
  );
}
