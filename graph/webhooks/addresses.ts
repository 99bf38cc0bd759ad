// Which IP addresses a webhook may be sent to (docs/webhooks.md, "Where deliveries may go"):
// public unicast only. An IPv6 address that carries an IPv4 address, by mapping, translation
// or tunnelling, reaches that IPv4 address, so it is judged by it too; the IPv6 forms that
// only a local network or an old stack gives a meaning to are refused whatever they carry.
import ipaddr from 'ipaddr.js';

/** An IPv4 address from two 16-bit groups of an IPv6 address. */
const ipv4Of = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** Whether an IPv4 address is public unicast (not private, loopback, link-local, shared, reserved, multicast ...). */
const isPublicIPv4 = (address: ipaddr.IPv4) => address.range() === 'unicast';

/**
 * An address as the URL standard writes it (`::7f00:1` for `::127.0.0.1`). NOTE: ipaddr.js
 * reads `::a.b.c.d` as the mapped `::ffff:a.b.c.d`, where the URL parser (and the network)
 * sees the IPv4-compatible `::a.b.c.d`; both are refused, but each must be judged as itself.
 */
function canonical(address: string): string {
  if (!address.includes(':')) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return address; // a zone id (`fe80::1%eth0`), which ipaddr.js reads and the URL parser does not
  }
}

/** The NAT64 well-known prefix (RFC 6052), whose last 32 bits are the IPv4 address. */
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];

/**
 * The IPv4 addresses an IPv6 address reaches besides itself: the mapped or translated address
 * (`::ffff:a.b.c.d`, `64:ff9b::a.b.c.d`), the 6to4 router's, or a Teredo address's server and
 * client (the client's is stored bit-inverted); 'refused' for forms refused whatever they carry.
 */
export function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | 'refused' {
  const p = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped':
      return [ipv4Of(p[6], p[7])];
    case 'rfc6052':
      // The local-use prefix 64:ff9b:1::/48 (RFC 8215) goes through a translator of the local
      // network, at a place in the address its operator chooses: refused.
      return address.match(NAT64_WELL_KNOWN) ? [ipv4Of(p[6], p[7])] : 'refused';
    case '6to4':
      return [ipv4Of(p[1], p[2])];
    case 'teredo':
      return [ipv4Of(p[2], p[3]), ipv4Of(~p[6] & 0xffff, ~p[7] & 0xffff)];
    case 'unicast':
      // ::a.b.c.d, "IPv4-compatible" (deprecated by RFC 4291): no public use, and some stacks
      // still send it to the IPv4 address. ipaddr.js calls only ::/128 and ::1/128 special.
      return p.slice(0, 6).every((group) => group === 0) ? 'refused' : [];
    default:
      return 'refused';
  }
}

/**
 * Whether an address may be a webhook target: public unicast (not private, loopback,
 * link-local, unique-local, multicast, unspecified, documentation or otherwise reserved), and
 * every IPv4 address it carries public too.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(canonical(address));
  if (parsed.kind() === 'ipv4') return isPublicIPv4(parsed as ipaddr.IPv4);
  // A mapped, translated or tunnelled address is only as public as what it carries.
  const carried = carriedIPv4(parsed as ipaddr.IPv6);
  return carried !== 'refused' && carried.every(isPublicIPv4);
}
