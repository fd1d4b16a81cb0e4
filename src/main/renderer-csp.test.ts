import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// SECURITY: a regression guard. The main window loads src/renderer/index.html, and its CSP is
// the renderer's last line of defence against injected script; this fails if it is loosened.
const html = readFileSync(new URL('../renderer/index.html', import.meta.url), 'utf8');

/** Extracts the CSP meta tag's directives as a map from directive name to sources. */
function cspDirectives(page: string): Map<string, string[]> {
  const match = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/i.exec(page);
  if (!match?.[1]) throw new Error('index.html has no Content-Security-Policy meta tag');
  return new Map(
    match[1]
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('renderer Content-Security-Policy', () => {
  const csp = cspDirectives(html);

  it('denies everything by default', () => {
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
  });

  it('runs only our own scripts: no inline, eval or remote scripts', () => {
    expect(csp.get('script-src')).toEqual(["'self'"]);
  });

  it('allows no remote origin in any directive', () => {
    for (const [name, sources] of csp) {
      for (const source of sources) {
        expect(`${name} ${source}`).toMatch(/ ('self'|'none'|data:)$/);
      }
    }
  });
});
