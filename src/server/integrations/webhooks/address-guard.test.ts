import { describe, expect, it } from 'vitest';
import { guardedLookup, isBlockedAddress, literalAddressProblem } from './address-guard';

describe('webhook address guard', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['10.0.0.5', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['172.32.0.1', false],
    ['192.168.1.1', true],
    ['100.64.0.1', true],
    ['169.254.169.254', true],
    ['0.0.0.0', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['8.8.8.8', false],
    ['93.184.215.14', false],
    ['::1', true],
    ['::', true],
    ['fe80::1', true],
    ['fd00:ec2::254', true],
    ['fc00::1', true],
    ['ff02::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:169.254.169.254', true],
    ['64:ff9b::10.0.0.1', true],
    ['::ffff:8.8.8.8', false],
    ['2606:4700:4700::1111', false],
    ['localhost', true],
  ])('%s blocked: %s', (address, isBlocked) => {
    expect(isBlockedAddress(address)).toBe(isBlocked);
  });

  it('refuses IP literals in a URL host, brackets and all', () => {
    expect(literalAddressProblem('169.254.169.254')?.message).toBe('169.254.169.254 is a private or reserved address');
    expect(literalAddressProblem('[::1]')).not.toBeNull();
    expect(literalAddressProblem('hooks.example.com')).toBeNull();
    expect(literalAddressProblem('8.8.8.8')).toBeNull();
  });

  it('fails the connection of a name that resolves to loopback', async () => {
    const err = await new Promise<NodeJS.ErrnoException | null>((resolve) => guardedLookup('localhost', {}, (e) => resolve(e)));
    expect(err?.code).toBe('EBLOCKEDADDRESS');
    expect(err?.message).toMatch(/^localhost resolves to (127\.0\.0\.1|::1), a private or reserved address$/);
  });
});
