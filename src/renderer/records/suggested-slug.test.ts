import { describe, expect, it } from 'vitest';
import { SLUG_PATTERN } from '../../shared/entities';
import { SLUG_SOURCES, suggestedSlug } from './suggested-slug';

describe('the slug suggested from a name', () => {
  it('is the name’s words in lowercase, joined by single hyphens', () => {
    expect(suggestedSlug('courses', 'Intro to Python 3', 'a1b2c3')).toBe('intro-to-python-3');
    expect(suggestedSlug('pages', '  About us — FAQ!  ', 'a1b2c3')).toBe('about-us-faq');
  });

  it('keeps accented and full-width Latin letters readable', () => {
    expect(suggestedSlug('courses', 'Café Crème Brûlée', 'a1b2c3')).toBe('cafe-creme-brulee');
    expect(suggestedSlug('courses', 'ＰＹＴＨＯＮ１０１', 'a1b2c3')).toBe('python101');
  });

  it('spells Chinese names in pinyin, words joined by hyphens', () => {
    expect(suggestedSlug('courses', '週末瑜伽', 'a1b2c3')).toBe('zhou-mo-yu-jia');
    expect(suggestedSlug('pages', '關於我們', 'a1b2c3')).toBe('guan-yu-wo-men');
    expect(suggestedSlug('courses', 'Python 入門班', 'a1b2c3')).toBe('python-ru-men-ban');
  });

  it('spells other scripts in Latin letters too', () => {
    expect(suggestedSlug('courses', 'Привет мир', 'a1b2c3')).toBe('privet-mir');
    expect(suggestedSlug('courses', '한국어 수업', 'a1b2c3')).toBe('hangugeo-sueob');
  });

  it('falls back to the kind of record and a short id when no letter or digit is left', () => {
    expect(suggestedSlug('courses', '🧘‍♀️', 'a1b2c3')).toBe('course-a1b2c3');
    expect(suggestedSlug('pages', '★ ☆', 'a1b2c3')).toBe('page-a1b2c3');
  });

  it('suggests nothing for an empty name, and never more than the platform takes', () => {
    expect(suggestedSlug('courses', '   ', 'a1b2c3')).toBe('');
    const long = suggestedSlug('courses', `${'word '.repeat(30)}end`, 'a1b2c3');
    expect(long.length).toBeLessThanOrEqual(100);
    expect(long).toMatch(SLUG_PATTERN);
  });

  it('comes from the name of a course and the title of a page', () => {
    expect(SLUG_SOURCES).toEqual({ courses: 'name', pages: 'title' });
  });
});
