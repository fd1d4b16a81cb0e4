import { describe, expect, it } from 'vitest';
import { loopbackRedirectMatches } from './loopback-ports';

const registered = ['http://127.0.0.1:8765/callback', 'http://127.0.0.1/cb?app=1'];

describe('loopbackRedirectMatches (RFC 8252 §7.3)', () => {
  it('accepts a registered loopback redirect URI on any port', () => {
    for (const uri of [
      'http://127.0.0.1:1/callback',
      'http://127.0.0.1:65535/callback',
      'http://127.0.0.1/callback',
      'http://127.0.0.1:9000/cb?app=1',
    ]) {
      expect(loopbackRedirectMatches(uri, registered), uri).toBe(true);
    }
  });

  it('refuses anything but the port differing', () => {
    for (const uri of [
      'http://127.0.0.1:8765/elsewhere',
      'http://127.0.0.1:8765/callback/',
      'http://127.0.0.1:8765/callback?x=1',
      'http://127.0.0.1:9000/cb?app=2',
      'http://localhost:8765/callback',
      'http://[::1]:8765/callback',
      'https://127.0.0.1:8765/callback',
      'http://127.0.0.1.evil.example:8765/callback',
      'http://127.0.0.1:8765@evil.example/callback',
      'http://user@127.0.0.1:8765/callback',
      'http://127.0.0.1:8765/callback#frag',
      'not a uri',
    ]) {
      expect(loopbackRedirectMatches(uri, registered), uri).toBe(false);
    }
  });
});
