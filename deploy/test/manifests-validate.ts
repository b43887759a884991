import * as gatewayApi from '@kubernetes-models/gateway-api/gateway.networking.k8s.io/v1';
import * as prometheusOperator from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as core from 'kubernetes-models/v1';
import type { K8sObject } from './manifests-render';

/** A kubernetes-models class: built from plain data, `validate()` checks it against the API's JSON schema. */
type Model = new (data: never) => { validate(): void };

/** The API groups the manifests may use, each with its offline schemas (Gateway API and operator CRDs too). */
const MODELS: Record<string, Record<string, unknown>> = {
  v1: core,
  'apps/v1': apps,
  'batch/v1': batch,
  'autoscaling/v2': autoscaling,
  'policy/v1': policy,
  'networking.k8s.io/v1': networking,
  'gateway.networking.k8s.io/v1': gatewayApi,
  'monitoring.coreos.com/v1': prometheusOperator,
};

/**
 * Validates one object against the Kubernetes (or Prometheus operator) schema of its kind; throws with the
 * object's name and the schema's complaint. An apiVersion or kind without a schema here is an error too.
 */
export function validateManifest(object: K8sObject): void {
  const what = `${object.kind ?? '(no kind)'} ${object.metadata?.name ?? '(no name)'}`;
  const group = MODELS[object.apiVersion];
  const model = group?.[object.kind] as Model | undefined;
  if (!model) throw new Error(`${what}: no schema for ${object.apiVersion} ${object.kind}`);
  try {
    new model(object as never).validate();
  } catch (error) {
    throw new Error(`${what}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
