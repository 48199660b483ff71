import { describe, expect, it } from 'vitest';
import { networksOf } from './network';

describe('networksOf', () => {
  it('keys IPv4 by address, with its /24 as the wider network', () => {
    expect(networksOf('203.0.113.7')).toEqual({ narrow: '203.0.113.7', wide: '203.0.113.0/24' });
    // IPv4 mapped into IPv6 (a dual-stack socket) is the same client.
    expect(networksOf('::ffff:203.0.113.7')).toEqual(networksOf('203.0.113.7'));
  });

  it('keys IPv6 by /64 and /48: addresses rotated inside one prefix are one network', () => {
    const a = networksOf('2001:db8:abcd:12:1:2:3:4');
    const b = networksOf('2001:db8:abcd:12:ffff:eeee:dddd:cccc');
    const c = networksOf('2001:db8:abcd:13::1');
    expect(a).toEqual({ narrow: '2001:db8:abcd:12::/64', wide: '2001:db8:abcd::/48' });
    expect(b).toEqual(a);
    expect(c.narrow).not.toBe(a.narrow);
    expect(c.wide).toBe(a.wide);
  });

  it('keeps something that is not an address as its own key', () => {
    expect(networksOf('unix-socket')).toEqual({ narrow: 'unix-socket', wide: 'unix-socket' });
  });
});
