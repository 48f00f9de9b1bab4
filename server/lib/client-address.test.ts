import { describe, expect, it } from 'vitest';
import { clientAddressKey } from './client-address.ts';

describe('clientAddressKey', () => {
  it('counts an IPv6 address by its /64, however it is written', () => {
    expect(clientAddressKey('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(clientAddressKey('2001:0DB8:000a:000b:ffff::1')).toBe('2001:db8:a:b::/64');
    expect(clientAddressKey('2001:db8:a:b::')).toBe('2001:db8:a:b::/64');
    expect(clientAddressKey('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddressKey('2001:db8:a:c::1')).not.toBe(clientAddressKey('2001:db8:a:b::1'));
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientAddressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('keeps IPv4 and anything unparseable as it is', () => {
    expect(clientAddressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddressKey(' 203.0.113.7 ')).toBe('203.0.113.7');
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
