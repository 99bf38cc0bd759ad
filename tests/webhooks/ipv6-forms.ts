// Addresses of the webhook target guard's tests (tests/unit/webhook-targets.test.ts over the
// pure function, tests/webhooks/private-targets.test.ts over HTTP).

/**
 * IPv6 forms of non-public targets: every way an IPv6 address maps, embeds or translates a
 * private or reserved IPv4 address, and the IPv6 ranges that are not public themselves.
 */
export const refusedIPv6: [form: string, address: string][] = [
  ['IPv4-compatible loopback', '::127.0.0.1'],
  ['IPv4-compatible, hex', '::7f00:1'],
  ['IPv4-compatible public (deprecated form)', '::93.184.215.14'],
  ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
  ['IPv4-mapped private, hex', '::ffff:a00:1'],
  ['IPv4-translated (SIIT)', '::ffff:0:10.0.0.1'],
  ['NAT64 well-known prefix, private', '64:ff9b::10.0.0.1'],
  ['NAT64 well-known prefix, metadata', '64:ff9b::a9fe:a9fe'],
  ['NAT64 local-use prefix', '64:ff9b:1::a00:1'],
  ['NAT64 local-use prefix, public IPv4', '64:ff9b:1:5db8:d70e::'],
  ['6to4 of a private address', '2002:a00:1::1'],
  ['6to4 of loopback', '2002:7f00:1::'],
  ['Teredo, private client (bit-inverted)', '2001:0:5db8:d70e:0:0:f5ff:fffe'],
  ['Teredo, private server', '2001:0:a00:1::5db8:d70e'],
  ['unique local', 'fd12:3456::1'],
  ['link-local', 'fe80::1'],
  ['loopback', '::1'],
  ['unspecified', '::'],
  ['multicast', 'ff02::1'],
  ['documentation', '2001:db8::1'],
  ['site-local (deprecated)', 'fec0::1'],
];
