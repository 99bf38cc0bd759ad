// Where webhooks may be sent (docs/webhooks.md, Security): public unicast addresses only,
// unless WEBHOOKS_ALLOW_PRIVATE_TARGETS is set (tests, local development). A URL is checked
// when it is registered and again on every attempt, on the very address the request
// connects to, so a host whose name later resolves to a private address is still refused.
import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { env } from '../env.ts';

/** Why a URL cannot be a webhook target, or undefined when it can be one as written. */
export type TargetProblem = 'invalid' | 'private';

/** Whether an address is public unicast (not private, loopback, link-local, multicast, reserved ...). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Whether private targets are allowed in this process. */
const privateAllowed = () => env().webhooksAllowPrivateTargets;

/** The URL as a webhook target: http(s), no credentials; or the problem with it as written. */
export function parseTarget(text: string): URL | 'invalid' {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'invalid';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'invalid';
  if (url.username || url.password || !url.hostname) return 'invalid';
  return url;
}

/** The host of a URL as `dns.lookup` and `ipaddr` take it (IPv6 literals lose their brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Checks a target when it is registered: a readable http(s) URL whose host resolves, to
 * public addresses only (all of them) unless private targets are allowed.
 */
export async function checkTarget(text: string): Promise<TargetProblem | undefined> {
  const url = parseTarget(text);
  if (url === 'invalid') return 'invalid';
  if (privateAllowed()) return undefined;
  const host = hostOf(url);
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? undefined : 'private';
  let addresses: LookupAddress[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    return 'invalid';
  }
  return addresses.length && addresses.every((a) => isPublicAddress(a.address)) ? undefined : 'private';
}

/** The error of a connection refused because its address is not public. */
export class PrivateTargetError extends Error {
  constructor(readonly address: string) {
    super(`refused: ${address} is a private, loopback or link-local address`);
  }
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that resolves the host and refuses a non-public address, so the
 * check applies to the address the socket connects to (no DNS rebinding between check and use).
 */
export function checkedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  lookup(hostname, { all: true, verbatim: true }).then(
    (addresses) => {
      const refused = privateAllowed() ? undefined : addresses.find((a) => !isPublicAddress(a.address));
      if (refused || !addresses.length) return callback(new PrivateTargetError(refused?.address ?? hostname), options.all ? [] : '');
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    },
    (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : ''),
  );
}

/** Checks an IP literal host at delivery time (a literal is not looked up). */
export function literalRefused(url: URL): string | undefined {
  const host = hostOf(url);
  return ipaddr.isValid(host) && !privateAllowed() && !isPublicAddress(host) ? host : undefined;
}
