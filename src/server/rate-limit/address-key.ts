import { isIPv6 } from 'node:net';

/**
 * The key an address is counted under. An IPv4 address is one key: carriers put many phones behind one (carrier-grade
 * NAT), which the allowances are sized for. An IPv6 client is counted by its /64: a home or a phone is given a whole
 * /64 and could otherwise take a fresh address for every request. An IPv4 address written in IPv6 form (::ffff:…)
 * counts as the IPv4 one.
 */
export function addressKey(address: string): string {
  const plain = address.toLowerCase().replace(/%.*$/, '');
  if (!isIPv6(plain)) return plain;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return mapped[1]!;
  return `${expandIPv6(plain).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros ("::" expanded; a trailing IPv4 part as two groups). */
function expandIPv6(address: string): string[] {
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  let text = address;
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${address.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}
