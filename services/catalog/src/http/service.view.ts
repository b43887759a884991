import type { ServiceRecord } from '../db/service.repository';

/** The spec's Service (the internal version stays internal). */
export const serviceView = ({ version: _version, ...service }: ServiceRecord) => service;
