import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { addressToOpen, listenLines } from './start-address';

describe('the address the start log names first', () => {
  it('is APP_URL when set, else localhost on the port, else the one address listened on', () => {
    expect(addressToOpen(loadEnv({ APP_URL: 'https://status.example.com/' }))).toBe('https://status.example.com');
    expect(addressToOpen(loadEnv({}))).toBe('http://localhost:3000');
    expect(addressToOpen(loadEnv({ PORT: '8080', HOST: '::' }))).toBe('http://localhost:8080');
    expect(addressToOpen(loadEnv({ HOST: '127.0.0.1' }))).toBe('http://localhost:3000');
    expect(addressToOpen(loadEnv({ HOST: '192.168.1.20' }))).toBe('http://192.168.1.20:3000');
    expect(addressToOpen(loadEnv({ HOST: 'fd00::5' }))).toBe('http://[fd00::5]:3000');
  });

  it('comes before the machine addresses Fastify lists (127.0.0.1 first, then the network ones)', () => {
    const line = listenLines('http://localhost:3000');
    expect(line('http://127.0.0.1:3000')).toBe('StatusLink is running: open http://localhost:3000 (listening on http://127.0.0.1:3000)');
    expect(line('http://10.0.0.7:3000')).toBe('Also reachable at http://10.0.0.7:3000');
  });
});
