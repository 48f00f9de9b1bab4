import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';

// Where the server may send a Web Push message (issue 24, ADR 055). A subscription's endpoint is a URL
// the browser hands us, so it is the client's choice of where our server connects: without a check it
// is a blind SSRF (loopback, the cloud's metadata address, the private network). Two locks:
//   1. the host must be one of the browsers' push services (below), over https on port 443;
//   2. every address the name resolves to must be public, checked again at each send inside the
//      connection's own DNS lookup, so the address that passed is the one connected to (a name that
//      resolves elsewhere between registering and sending is refused, not followed).
// PUSH_EXTRA_HOSTS names further hosts an operator trusts (a test push service on 127.0.0.1); they
// skip both checks and are never set by default.

// Chrome, Edge (Chromium), Opera, Samsung: FCM; Firefox: Mozilla autopush; Safari: Apple; legacy Edge:
// WNS.
const PUSH_SERVICE_HOSTS = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com']);
const PUSH_SERVICE_SUFFIXES = ['.push.apple.com', '.notify.windows.com'];

export type EndpointRefusal = 'notHttps' | 'notPushService' | 'privateAddress' | 'unresolvable';

export class EndpointRefused extends Error {
  constructor(readonly reason: EndpointRefusal) {
    super(`push endpoint refused: ${reason}`);
    this.name = 'EndpointRefused';
  }
}

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network, 0.0.0.0 unspecified
  ['10.0.0.0', 8], // RFC 1918
  ['100.64.0.0', 10], // CGNAT (RFC 6598)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // RFC 1918
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // RFC 1918
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback (::1) and the deprecated IPv4-compatible addresses
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo, ORCHID, …)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

// The eight 16-bit groups of an IPv6 address (with or without an embedded dotted IPv4 tail).
function groupsOf(address: string): number[] {
  let text = address.toLowerCase().split('%')[0];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

const v4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

// IPv4 carried inside IPv6: mapped (::ffff:a.b.c.d), NAT64 (64:ff9b::a.b.c.d) and 6to4 (2002:AABB:CCDD::).
function embeddedV4(address: string): string | null {
  const g = groupsOf(address);
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return v4Of(g[6], g[7]);
  if (g[0] === 0x64 && g[1] === 0xff9b && g.slice(2, 6).every((x) => x === 0)) return v4Of(g[6], g[7]);
  if (g[0] === 0x2002) return v4Of(g[1], g[2]);
  return null;
}

// True for an address anyone on the internet could reach: not loopback, private, CGNAT, link-local,
// multicast, unspecified, reserved or documentation, nor such an IPv4 address inside IPv6.
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const v4 = embeddedV4(address);
  if (v4 !== null) return !blocked.check(v4, 'ipv4');
  return !blocked.check(address.split('%')[0], 'ipv6');
}

const isPushService = (host: string) =>
  PUSH_SERVICE_HOSTS.has(host) || PUSH_SERVICE_SUFFIXES.some((suffix) => host.endsWith(suffix));

type Resolved = { address: string; family: number };
export type Resolve = (host: string) => Promise<Resolved[]>;

const systemResolve: Resolve = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

export function createEndpointGuard(options: { extraHosts?: string[]; resolve?: Resolve } = {}) {
  const extra = new Set((options.extraHosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean));
  const resolve = options.resolve ?? systemResolve;

  // Every address of the name, all of them public; the first is the one to connect to.
  async function publicAddresses(host: string): Promise<Resolved[]> {
    let found: Resolved[];
    try {
      found = await resolve(host);
    } catch {
      throw new EndpointRefused('unresolvable');
    }
    if (found.length === 0) throw new EndpointRefused('unresolvable');
    if (!found.every((r) => isPublicAddress(r.address))) throw new EndpointRefused('privateAddress');
    return found;
  }

  // The connection's own lookup (net.connect calls it with `all` under autoSelectFamily): it answers
  // only with addresses that passed, so nothing resolves between the check and the connection.
  const lookup = ((
    hostname: string,
    lookupOptions: { all?: boolean } | number | undefined,
    callback: (err: Error | null, address?: string | Resolved[], family?: number) => void,
  ) => {
    publicAddresses(hostname).then(
      (found) => {
        if (typeof lookupOptions === 'object' && lookupOptions?.all) callback(null, found);
        else callback(null, found[0].address, found[0].family);
      },
      (err: Error) => callback(err),
    );
  }) as unknown as net.LookupFunction;

  // Push services speak HTTP/1.1 over TLS with the system's trusted CAs; the agent only pins addresses.
  // No keep-alive: pushes are few, and no idle socket outlives a send.
  const agent = new https.Agent({ keepAlive: false, lookup });

  // What is knowable without DNS: https, no credentials, a push service's name on the default port,
  // or an extra host. Returns the host when it is one of the extras (no address check applies).
  function screen(endpoint: string): { host: string; trusted: boolean } {
    let url: URL;
    try {
      url = new URL(endpoint);
    } catch {
      throw new EndpointRefused('notHttps');
    }
    if (url.protocol !== 'https:' || url.username || url.password) throw new EndpointRefused('notHttps');
    const host = url.hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '');
    if (extra.has(host)) return { host, trusted: true };
    if (net.isIP(host))
      throw new EndpointRefused(isPublicAddress(host) ? 'notPushService' : 'privateAddress');
    if (!isPushService(host) || url.port !== '') throw new EndpointRefused('notPushService');
    return { host, trusted: false };
  }

  return {
    lookup,
    // At registration: the name and every address it resolves to now.
    async check(endpoint: string): Promise<void> {
      const { host, trusted } = screen(endpoint);
      if (!trusted) await publicAddresses(host);
    },
    // At each send: the agent to pass to web-push (undefined for an extra host: the process's default
    // agent and trust), after the same name check. Throws EndpointRefused.
    agentFor(endpoint: string): https.Agent | undefined {
      return screen(endpoint).trusted ? undefined : agent;
    },
  };
}
