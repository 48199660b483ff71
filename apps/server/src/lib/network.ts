import ipaddr from 'ipaddr.js';

/**
 * The networks an address belongs to, as limit keys. One person usually holds one IPv4 address
 * but a whole IPv6 /64 (and often a /48), so limits count IPv6 by prefix: rotating addresses
 * inside one's own prefix gains nothing. `narrow` is the address (IPv4) or its /64; `wide` its
 * /24 or /48, for a looser second limit against someone who holds many of them.
 */
export interface Networks {
  narrow: string;
  wide: string;
}

export function networksOf(ip: string): Networks {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.process(ip);
  } catch {
    // Not an address (a unix socket, a test double): its own key, without a wider one.
    return { narrow: ip, wide: ip };
  }
  if (address.kind() === 'ipv4') {
    const octets = (address as ipaddr.IPv4).octets;
    return { narrow: address.toString(), wide: `${octets.slice(0, 3).join('.')}.0/24` };
  }
  const prefix = (bits: number) =>
    `${ipaddr.IPv6.networkAddressFromCIDR(`${address.toString()}/${bits}`).toString()}/${bits}`;
  return { narrow: prefix(64), wide: prefix(48) };
}
