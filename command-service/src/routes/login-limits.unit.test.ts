import { describe, expect, it } from 'vitest';
import { clientOf } from './login-limits';

describe('the client a login attempt is counted for', () => {
  it('is an IPv4 address itself, also when IPv4-mapped', () => {
    expect(clientOf('203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientOf('127.0.0.1')).toBe('127.0.0.1');
  });

  it("is an IPv6 address's /64, however the address is written", () => {
    const net = '2001:db8:85a3:42::/64';
    for (const a of [
      '2001:db8:85a3:42::1',
      '2001:0db8:85a3:0042:ffff:ffff:ffff:ffff',
      '2001:db8:85a3:42:1:2:3:4',
      '[2001:DB8:85A3:42::9]',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:85a3:42::1'),
    ]) {
      expect(clientOf(a)).toBe(net);
    }
    expect(clientOf('2001:db8:85a3:43::1')).not.toBe(net);
    expect(clientOf('::1')).toBe('0:0:0:0::/64');
  });

  it('keeps anything it cannot read as it is', () => {
    expect(clientOf('not-an-address')).toBe('not-an-address');
    expect(clientOf('1:2:3')).toBe('1:2:3');
  });
});
