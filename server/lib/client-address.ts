import net from 'node:net';

// The key that stands for one client in rate limits. An IPv6 subscriber gets a whole /64 (often far
// more) from the provider, so 2^64 addresses are one client; an IPv4-mapped IPv6 address is the IPv4
// address it carries. Anything else (unknown, malformed) stays as it is.
export function clientAddressKey(ip: string): string {
  let address = ip.trim().replace(/^\[(.*)\]$/, '$1');
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  if (!net.isIPv6(address)) return address;
  const groups = ipv6Groups(address);
  if (groups.slice(0, 5).every((g) => g === '0') && groups[5] === 'ffff') {
    const [hi, lo] = [Number.parseInt(groups[6], 16), Number.parseInt(groups[7], 16)];
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups.slice(0, 4).join(':')}::/64`;
}

// The eight 16-bit groups of a valid IPv6 address, lower-case hex without leading zeros.
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const split = (s: string | undefined) => (s ? s.split(':') : []);
  const left = split(head);
  const right = split(tail);
  const last = tail === undefined ? left : right;
  const v4 = last.at(-1)?.includes('.') ? last.pop()! : null;
  if (v4) {
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    last.push(((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const all =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.map((g) => Number.parseInt(g, 16).toString(16));
}
