// Where webhooks may be sent (docs/webhooks.md, "Where deliveries may go"): public unicast
// addresses only (graph/webhooks/addresses.ts), unless WEBHOOKS_ALLOW_PRIVATE_TARGETS is set
// (tests, local development). A URL is checked when it is registered and again on every
// attempt, on the very address the request connects to, so a host whose name later resolves
// to a private address is still refused.
import { lookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import ipaddr from 'ipaddr.js';
import { env } from '../env.ts';
import { isPublicAddress } from './addresses.ts';

export { isPublicAddress } from './addresses.ts';

/**
 * Why a URL cannot be a webhook target: not an http(s) URL without credentials ('invalid'), or
 * a host that is not public ('refused': private, unresolvable or a refused address form alike,
 * so that the answer tells nothing of the network the platform runs in).
 */
export type TargetProblem = 'invalid' | 'refused';

/** Longest a registration waits for the host's name to resolve (then it is refused). */
export const REGISTRATION_LOOKUP_MS = 5_000;

/** Whether private targets are allowed in this process. */
const privateAllowed = () => env().webhooksAllowPrivateTargets;

/** The URL as a webhook target: http(s), no credentials; or 'invalid'. */
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

/**
 * A target URL as it is stored and answered (docs/webhooks.md, "URL normalization"): the WHATWG
 * URL serialization (lower-case scheme and host, IDN host in punycode, default port dropped,
 * dot segments resolved, IP addresses in their canonical form, characters percent-encoded)
 * without the fragment, which is never sent.
 */
export function normalizedTarget(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/** The host of a URL as `dns.lookup` and `ipaddr` take it (IPv6 literals lose their brackets). */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/** The host's addresses, or null when it does not resolve within REGISTRATION_LOOKUP_MS. */
async function resolved(host: string): Promise<LookupAddress[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), REGISTRATION_LOOKUP_MS)));
  try {
    return await Promise.race([lookup(host, { all: true, verbatim: true }).catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a target when it is registered: a readable http(s) URL whose host resolves, to
 * public addresses only (all of them) unless private targets are allowed. Answers the
 * normalized URL, or the problem.
 */
export async function checkTarget(text: string): Promise<{ url: string } | { problem: TargetProblem }> {
  const url = parseTarget(text);
  if (url === 'invalid') return { problem: 'invalid' };
  if (privateAllowed()) return { url: normalizedTarget(url) };
  const host = hostOf(url);
  const addresses = ipaddr.isValid(host) ? [{ address: host }] : await resolved(host);
  if (!addresses?.length || !addresses.every((a) => isPublicAddress(a.address))) return { problem: 'refused' };
  return { url: normalizedTarget(url) };
}

/** The error of a connection refused because an address of its host is not public (the address is never told). */
export class PrivateTargetError extends Error {
  constructor() {
    super('refused target');
    this.name = 'PrivateTargetError';
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
      const refused = !privateAllowed() && addresses.some((a) => !isPublicAddress(a.address));
      if (refused || !addresses.length) return callback(new PrivateTargetError(), options.all ? [] : '');
      if (options.all) callback(null, addresses);
      else callback(null, addresses[0].address, addresses[0].family);
    },
    (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : ''),
  );
}

/** Whether an IP literal host is refused at delivery time (a literal is not looked up). */
export function literalRefused(url: URL): boolean {
  const host = hostOf(url);
  return ipaddr.isValid(host) && !privateAllowed() && !isPublicAddress(host);
}
