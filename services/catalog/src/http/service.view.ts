import type { ServiceRecord } from '../db/service.repository';
import type { PricedService } from '../domain/find-services';

/** The spec's Service (the internal version stays internal). */
export const serviceView = ({ version: _version, ...service }: ServiceRecord) => service;

/** A GET /services item: the Service and its price resolved for the outlet asked. */
export const pricedServiceView = ({ price, ...service }: PricedService) => ({
  ...serviceView(service),
  price,
});
