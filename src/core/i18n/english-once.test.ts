import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishPhrases } from '../../../e2e/support/catalog-text';

/**
 * One voice: every English sentence the owner reads is written once, in the English catalog
 * (src/shared/locales/en); the renderer, the hosts and core take it from there. No file's
 * code under src/ (tests aside, which check what the owner reads) writes a phrase of the
 * catalog (four words or more of a message's fixed text) itself: not the renderer's, and not
 * shared's or core's, whose sentences would reach the owner in English. (Here, beside the
 * host's words: renderer tests may not import e2e/'s catalog helpers.)
 */
const src = join(import.meta.dirname, '..', '..');

function codeFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : codeFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * A file's code without its comments: a comment may quote what a function writes (it says
 * why, to a reader of the code); the owner reads only what the code writes.
 */
function codeOf(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
}

describe('the app’s code under src/', () => {
  const phrases = englishPhrases(4);

  it('has phrases to look for', () => {
    expect(phrases.length).toBeGreaterThan(100);
  });

  it('writes no English phrase of the catalogs itself', () => {
    const found = codeFiles(src).flatMap((file) => {
      const text = codeOf(readFileSync(file, 'utf8'));
      return phrases
        .filter((phrase) => text.includes(phrase))
        .map((phrase) => `${relative(src, file)}: ${phrase}`);
    });
    expect(found).toEqual([]);
  });
});
