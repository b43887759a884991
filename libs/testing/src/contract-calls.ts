import type { OperationSchemaMap } from '@salon/contracts';
import type { TestService } from './service';

type CallOptions = { token?: string; body?: unknown; headers?: Record<string, string> };

export interface ContractCalls {
  /**
   * Calls the operation `key` ("METHOD /template", as the routing table writes it) at `path`: fails unless the
   * documented status comes back and the body parses with the documented response schema (strict objects, so an
   * undocumented field fails too). Returns the body as received.
   */
  call(key: string, path: string, options?: CallOptions): Promise<any>;
  /** The operations of the map no call has exercised yet. */
  unexercised(): string[];
}

/** A service's contract test: its real answers checked against its operation contracts, one call at a time. */
export function contractCalls(
  operations: OperationSchemaMap,
  service: () => TestService,
  defaults: CallOptions = {},
): ContractCalls {
  const exercised = new Set<string>();
  return {
    async call(key, path, options = {}) {
      const contract = operations[key];
      if (!contract) throw new Error(`no contract for ${key}`);
      const response = await service().request(key.split(' ')[0]!, path, {
        ...defaults,
        ...options,
        headers: { ...defaults.headers, ...options.headers },
      });
      if (response.status !== (contract.status ?? 200))
        throw new Error(`${key}: ${response.status} ${JSON.stringify(response.body)}`);
      contract.response?.parse(response.body);
      exercised.add(key);
      return response.body;
    },
    unexercised: () => Object.keys(operations).filter((key) => !exercised.has(key)),
  };
}
