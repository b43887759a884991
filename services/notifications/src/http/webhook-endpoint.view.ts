import type { AttemptRow, DeliveryRow, EndpointRow } from '../db/webhook.repository';

/** An endpoint as its tenant reads it: never the secret, which only the registration's answer shows. */
export const endpointView = (e: EndpointRow) => ({
  id: e.id,
  url: e.url,
  description: e.description,
  event_types: e.event_types,
  status: e.status,
  disabled_reason: e.disabled_reason,
  disabled_at: e.disabled_at,
  failing_since: e.failing_since,
  created_at: e.created_at,
  updated_at: e.updated_at,
});

export const createdEndpointView = (e: EndpointRow) => ({ ...endpointView(e), secret: e.secret });

const attemptView = (a: AttemptRow) => ({
  attempt: a.attempt,
  status_code: a.status_code,
  response_body: a.response_body,
  error: a.error,
  duration_ms: a.duration_ms,
  attempted_at: a.attempted_at,
});

export const deliveryView = ({
  delivery: d,
  attempts,
}: {
  delivery: DeliveryRow;
  attempts: AttemptRow[];
}) => ({
  id: d.id,
  message_id: d.message_id,
  event_type: d.event_type,
  status: d.status,
  attempts: attempts.map(attemptView),
  next_attempt_at: d.status === 'pending' ? d.next_attempt_at : null,
  delivered_at: d.delivered_at,
  created_at: d.created_at,
});
