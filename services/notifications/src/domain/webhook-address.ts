import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * The SSRF guard of outbound webhooks (decisions: Outbound webhooks): an endpoint may not point at loopback,
 * private, link-local, shared, reserved, documentation or multicast addresses unless the operator allows it
 * (WEBHOOK_ALLOW_PRIVATE_ADDRESSES). Checked when the URL is registered and again on every connection, against
 * the addresses the connection actually uses, so a name re-pointed at an inside address after registration
 * (DNS rebinding) is refused too.
 */
const notPublic = new BlockList();
const IPV4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];
const IPV6: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
];
for (const [network, prefix] of IPV4) notPublic.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of IPV6) notPublic.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4 or v6, an IPv4-mapped v6 judged as its v4) is on the public internet. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return !notPublic.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export const PRIVATE_ADDRESS = 'must not point to a loopback, private or otherwise non-public address';

export interface AddressPolicy {
  allowPrivate: boolean;
  /** http:// is refused when true (outside development and test). */
  requireHttps: boolean;
}

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** Why `raw` may not be an endpoint's URL, or null when it may; resolves the host name to check its addresses. */
export async function refuseWebhookUrl(raw: string, policy: AddressPolicy): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.requireHttps))
    return policy.requireHttps ? 'must use https' : 'must use http or https';
  if (url.username || url.password) return 'must not contain credentials';
  if (url.hash) return 'must not contain a fragment';
  if (policy.allowPrivate) return null;
  const host = hostOf(url);
  if (host === 'localhost' || host.endsWith('.localhost')) return PRIVATE_ADDRESS;
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : PRIVATE_ADDRESS;
  try {
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      lookup(host, { all: true }, (error, found) => (error ? reject(error) : resolve(found))),
    );
    return addresses.every(({ address }) => isPublicAddress(address)) ? null : PRIVATE_ADDRESS;
  } catch {
    return 'host name does not resolve';
  }
}

/** The refusal of a literal IP host at connection time (Node resolves no name for it, so `guardedLookup` never runs). */
export function refuseLiteralHost(url: URL, allowPrivate: boolean): string | null {
  const host = hostOf(url);
  if (allowPrivate || isIP(host) === 0) return null;
  return isPublicAddress(host) ? null : PRIVATE_ADDRESS;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for http(s).request that refuses to connect to a non-public address the name resolves to. */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const refused = !allowPrivate && addresses.some(({ address }) => !isPublicAddress(address));
      if (refused)
        return callback(Object.assign(new Error(`${hostname} ${PRIVATE_ADDRESS}`), { code: 'EBLOCKED' }), []);
      if (options.all) return callback(null, addresses);
      const [first] = addresses;
      return callback(null, first!.address, first!.family);
    });
  };
}
