import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where webhooks may go. `loopback` (the default outside production): only this machine, so a
 * development or test server never calls out. `public` (production): https only, and never an
 * address of the bank's own network, so an app cannot make the bank call inside it (SSRF).
 */
export type WebhookTargetPolicy = 'loopback' | 'public';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** Addresses that are not the public internet: private, link-local (cloud metadata), reserved. */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  internal.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['64:ff9b::', 96],
] as const) {
  internal.addSubnet(network, prefix, 'ipv6');
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 one. */
function unmapped(address: string): { address: string; family: 'ipv4' | 'ipv6' } {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return { address: mapped[1], family: 'ipv4' };
  return { address, family: isIP(address) === 4 ? 'ipv4' : 'ipv6' };
}

/** Whether the policy lets a webhook be sent to this IP address. */
export function addressAllowed(address: string, policy: WebhookTargetPolicy): boolean {
  if (isIP(address) === 0) return false;
  const { address: plain, family } = unmapped(address);
  return policy === 'loopback' ? loopback.check(plain, family) : !internal.check(plain, family);
}

/** A URL's host without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * Why a subscription's URL is refused, or null when it may be used. Names are resolved only at
 * delivery (guardedLookup): a name's addresses can change after it was checked.
 */
export function targetRefusal(raw: string, policy: WebhookTargetPolicy): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Enter a valid http(s) URL';
  }
  if (url.username || url.password) return 'The URL must not carry a user name or password';
  const host = hostOf(url);
  if (policy === 'loopback') {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'Enter a valid http(s) URL';
    const isLoopback = host === 'localhost' || (isIP(host) !== 0 && addressAllowed(host, policy));
    return isLoopback
      ? null
      : 'Outside production, webhooks go only to this machine (localhost, 127.0.0.1 or ::1)';
  }
  if (url.protocol !== 'https:') return 'The URL must use https';
  if (host === 'localhost' || host.endsWith('.localhost')) {
    return 'The URL must be a public address';
  }
  if (isIP(host) !== 0 && !addressAllowed(host, policy)) return 'The URL must be a public address';
  return null;
}

export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses a name resolving to an address the policy forbids:
 * checked on the address actually connected to, so a name that changes after the
 * subscription (DNS rebinding) is still refused.
 */
export function guardedLookup(policy: WebhookTargetPolicy) {
  return (
    hostname: string,
    options: { all?: boolean; family?: number | string },
    callback: LookupCallback,
  ): void => {
    dnsLookup(hostname, { all: true, family: options.family === 6 ? 6 : 0 }, (error, found) => {
      if (error) return callback(error, []);
      const allowed = found.filter((entry) => addressAllowed(entry.address, policy));
      if (allowed.length === 0 || allowed.length !== found.length) {
        return callback(
          new TargetRefused(`${hostname} resolves to an address webhooks may not reach`),
          [],
        );
      }
      if (options.all) return callback(null, allowed);
      const [first] = allowed;
      if (!first) return callback(new TargetRefused(`${hostname} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}

/** The address a URL names literally (an IP host), to check before connecting: no lookup runs. */
export function literalAddressOf(raw: string): string | null {
  const host = hostOf(new URL(raw));
  return isIP(host) === 0 ? null : host;
}
