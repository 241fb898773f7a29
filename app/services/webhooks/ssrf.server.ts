/**
 * The SSRF guard of webhook deliveries (issue 38, decision 047): a merchant types the URL, so the
 * server must not be made to call its own network. At each delivery the host is resolved (every
 * address), and the delivery is refused if any address is private, loopback, link-local,
 * unique-local, CGNAT, multicast, reserved or unspecified (IPv4, IPv6 and IPv4-mapped IPv6).
 * The connection then goes to the address that was checked (`pinnedLookup`), so a DNS answer
 * that changes between the check and the connect (rebinding) changes nothing.
 *
 * Loopback is allowed only when the server runs with WEBHOOKS_ALLOW_LOOPBACK=1 (local
 * development, the demo's receiver, tests); private ranges never are.
 */
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { BlockList, isIP } from "node:net";

export class AddressRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`${host} resolves to ${address}, a private or reserved address: not delivered`);
    this.name = "AddressRefused";
  }
}

const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");
const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** `::ffff:a.b.c.d` or `::ffff:xxxx:yyyy` as the IPv4 address it carries; else null. */
function mappedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted =
    /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower) ?? /^::(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const [high, low] = [parseInt(hex[1]!, 16), parseInt(hex[2]!, 16)];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** Whether a delivery may connect to `address` (a literal IP). */
export function isAllowedAddress(address: string, allowLoopback: boolean): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  const v4 = family === 6 ? mappedIpv4(address) : address;
  if (v4) {
    if (loopback.check(v4, "ipv4")) return allowLoopback;
    return !blocked.check(v4, "ipv4");
  }
  if (loopback.check(address, "ipv6")) return allowLoopback;
  return !blocked.check(address, "ipv6");
}

export type LookupAll = (hostname: string) => Promise<LookupAddress[]>;

/** Every address of `hostname`, as the system resolver answers (dns.lookup with `all`). */
export const systemLookup: LookupAll = (hostname) =>
  new Promise((resolve, reject) =>
    dnsLookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * The address a delivery to `hostname` connects to: the first of its addresses, once all of them
 * passed the guard (a host with one private address among public ones is refused: the resolver
 * could hand out either).
 */
export async function resolveDeliveryAddress(
  hostname: string,
  options: { allowLoopback: boolean; lookup?: LookupAll },
): Promise<LookupAddress> {
  const host = hostname.replace(/^\[(.*)\]$/, "$1");
  const literal = isIP(host);
  const addresses = literal
    ? [{ address: host, family: literal }]
    : await (options.lookup ?? systemLookup)(host);
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  for (const { address } of addresses)
    if (!isAllowedAddress(address, options.allowLoopback)) throw new AddressRefused(host, address);
  return addresses[0]!;
}

/** A `lookup` for http.request that answers the address already checked, whatever is asked. */
export function pinnedLookup(target: LookupAddress) {
  return (
    _hostname: string,
    options: { all?: boolean },
    callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    if (options?.all) callback(null, [target]);
    else callback(null, target.address, target.family);
  };
}
