import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import type { IntegrationsConfig } from '../../config';
import { AppError } from '../../http/app-error';

/**
 * The networks a webhook may not reach (no SSRF): the product's own host and its neighbours, the cloud's metadata
 * service, multicast and unspecified addresses. BlockList judges an IPv4-mapped IPv6 address (::ffff:10.0.0.1) by
 * the IPv4 address it carries.
 */
const REFUSED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, the metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['64:ff9b::', 96], // NAT64 of any IPv4 address, private ones included
] as const)
  REFUSED.addSubnet(network, prefix, 'ipv6');

/** Whether an address is one a webhook may not reach. */
export function isRefusedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  return REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as a resolver takes it: an IPv6 literal without its brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * A webhook address as given at creation: a full https:// URL (http:// only with WEBHOOK_ALLOW_HTTP), with no
 * credentials in it, and a host that is not, and does not resolve only to, a refused address (unless
 * WEBHOOK_ALLOW_PRIVATE). The delivery checks the address again as it connects (webhook-sender.ts): what a name
 * resolves to may change.
 */
export async function checkEndpointUrl(raw: string, config: IntegrationsConfig): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('WEBHOOK_URL_INVALID');
  }
  const schemes = config.webhookAllowHttp ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol) || !url.hostname || url.username || url.password)
    throw new AppError('WEBHOOK_URL_INVALID');
  if (config.webhookAllowPrivate) return url;
  const host = hostOf(url);
  if (isIP(host)) {
    if (isRefusedAddress(host)) throw new AppError('WEBHOOK_ADDRESS_REFUSED');
    return url;
  }
  // A name that resolves nowhere now may later; one that resolves only to refused addresses is refused now.
  const addresses = await lookup(host, { all: true }).catch(() => []);
  if (addresses.length > 0 && addresses.every((a) => isRefusedAddress(a.address)))
    throw new AppError('WEBHOOK_ADDRESS_REFUSED');
  return url;
}
