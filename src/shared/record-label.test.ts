import { describe, expect, it } from 'vitest';
import { recordLabel } from './record-label';

describe('what names a record', () => {
  it('is its name, or a page its title, the same in every screen and the outbox', () => {
    expect(recordLabel('courses', { name: 'Baking', slug: 'baking' })).toBe('Baking');
    expect(recordLabel('students', { name: 'Ada', email: 'ada@example.com' })).toBe('Ada');
    expect(recordLabel('coupons', { name: 'Spring sale', code: 'SPRING' })).toBe('Spring sale');
    expect(recordLabel('pages', { title: 'About', slug: 'about' })).toBe('About');
  });

  it('is what tells the record apart when a school sent its name empty', () => {
    expect(recordLabel('coupons', { name: '', code: 'SPRING' })).toBe('SPRING');
    expect(recordLabel('students', { name: '', email: 'ada@example.com' })).toBe('ada@example.com');
    expect(recordLabel('pages', { title: '', slug: 'about' })).toBe('about');
  });

  it('is nothing when no naming field holds text, so the screen says "Untitled"', () => {
    expect(recordLabel('courses', { name: '', slug: '' })).toBeUndefined();
    expect(recordLabel('pages', { name: 'not a page field' })).toBeUndefined();
    expect(recordLabel('students', undefined)).toBeUndefined();
  });
});
