import { newId } from '@salon/service-kit';
import type { EventData, EventEnvelope, EventType } from '@salon/contracts';

export interface EventOrigin {
  producer: string;
  tenantId: string | null;
  /** The request id or the correlation id of the event being handled. */
  correlationId?: string;
  /** The id of the event that caused this one, if any. */
  causationId?: string | null;
}

/** A new envelope for `type`; its data is validated against the contract when it enters the outbox. */
export function newEvent<T extends EventType>(
  type: T,
  data: EventData<T>,
  origin: EventOrigin,
): EventEnvelope<EventData<T>> {
  const id = newId();
  return {
    id,
    type,
    occurred_at: new Date().toISOString(),
    tenant_id: origin.tenantId,
    producer: origin.producer,
    correlation_id: origin.correlationId ?? id,
    causation_id: origin.causationId ?? null,
    data,
  };
}

/** Origin for an event caused by another: same correlation, causation = the incoming event. */
export function causedBy(incoming: EventEnvelope, producer: string): EventOrigin {
  return {
    producer,
    tenantId: incoming.tenant_id,
    correlationId: incoming.correlation_id,
    causationId: incoming.id,
  };
}

/** Origin for an event a use case publishes: the request's tenant, and its request id as the correlation. */
export const originOf = (
  ctx: { tenantId: string | null; requestId: string },
  producer: string,
  tenantId: string | null = ctx.tenantId,
): EventOrigin => ({ producer, tenantId, correlationId: ctx.requestId });
