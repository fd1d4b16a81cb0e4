import { beforeEach, describe, expect, it } from 'vitest';
import type { OutboxProblemView } from '../../shared/outbox-contract';
import {
  changeLines,
  entryTitle,
  invalidLines,
  needsYouText,
  problemText,
  refusingText,
  stateText,
  unsentText,
  waitingText,
} from './outbox-text';
import { savedHereText } from '../words/record-words';
import { speak } from '../test-language';

beforeEach(() => speak('en'));

describe('the shell count and the sign-out warning', () => {
  it('counts changes waiting to be sent, singular for one and nothing for none', () => {
    expect(waitingText(0)).toBe('');
    expect(waitingText(1)).toBe('1 change waiting to be sent');
    expect(waitingText(3)).toBe('3 changes waiting to be sent');
    expect(waitingText(1200)).toBe('1,200 changes waiting to be sent');
  });

  it('says how many need the owner', () => {
    expect(needsYouText(0)).toBe('');
    expect(needsYouText(1)).toBe('1 needs you');
    expect(needsYouText(2)).toBe('2 need you');
  });

  it('says the school refuses changes, and when the outbox tries again, in both languages', async () => {
    expect(refusingText(12)).toBe('The school is refusing changes; retrying in 12 s');
    expect(refusingText(0)).toBe('The school is refusing changes; retrying now');
    await speak('zh-TW');
    expect(refusingText(1200)).toBe('學校目前不接受變更；1,200 秒後重試');
  });

  it('warns of unsent changes in a sentence', () => {
    expect(unsentText(1)).toBe('1 change has not been sent to the school');
    expect(unsentText(4)).toBe('4 changes have not been sent to the school');
  });
});

describe('an entry in the outbox panel', () => {
  it('names the record with its area', () => {
    expect(entryTitle({ area: 'courses', label: 'Painting' })).toBe('Course · Painting');
  });

  it('says "Untitled" of a record nothing names, in the owner\'s language', async () => {
    expect(entryTitle({ area: 'courses' })).toBe('Course · Untitled');
    await speak('zh-TW');
    expect(entryTitle({ area: 'courses' })).toBe('課程：未命名');
  });

  it('words an enrollment change with its course, in both languages', async () => {
    const enrollment = (change: 'enroll' | 'unenroll' | 'expire' | 'extend', course?: string) =>
      changeLines({
        kind: 'update',
        fields: {},
        enrollment: { change, ...(course ? { course } : {}) },
      });
    expect(enrollment('enroll', 'Weekend Yoga')).toEqual(['Enroll in Weekend Yoga']);
    expect(enrollment('unenroll', 'Weekend Yoga')).toEqual(['Remove from Weekend Yoga']);
    expect(enrollment('expire', 'Weekend Yoga')).toEqual(['End access to Weekend Yoga']);
    expect(enrollment('extend')).toEqual(['Extend access to an untitled course']);
    await speak('zh-TW');
    expect(enrollment('enroll', 'Weekend Yoga')).toEqual(['加入「Weekend Yoga」']);
    expect(enrollment('unenroll', 'Weekend Yoga')).toEqual(['移出「Weekend Yoga」']);
    expect(enrollment('expire', 'Weekend Yoga')).toEqual(['結束「Weekend Yoga」的觀看權限']);
    expect(enrollment('extend')).toEqual(['延長「未命名的課程」的觀看權限']);
  });

  it('says what changed: New, Delete, or each field and its new value in words', () => {
    expect(changeLines({ kind: 'create', fields: { name: 'Painting' } })).toEqual(['New']);
    expect(changeLines({ kind: 'delete', fields: {} })).toEqual(['Delete']);
    expect(
      changeLines({
        kind: 'update',
        fields: { name: 'Painting 2', invisible: true, description: null, courseType: 'paid' },
      }),
    ).toEqual(['Name: Painting 2', 'Visible: Hidden', 'Description: (empty)', 'Course type: Paid']);
  });

  it('writes the state and the problem in plain words, never a code', () => {
    expect(stateText('waiting')).toBe('Waiting');
    expect(stateText('sending')).toBe('Sending');
    expect(stateText('needs_you')).toBe('Needs you');
    const conflict: OutboxProblemView = { code: 'conflict', theirs: {}, fields: ['name'] };
    expect(problemText(conflict, 'courses')).toMatch(/changed this course on the school too/);
    expect(problemText({ code: 'gone' }, 'coupons')).toMatch(/coupon was deleted on the school/);
    expect(problemText({ code: 'scope' }, 'pages')).toMatch(/needs more access to change pages/);
    const refused = problemText({ code: 'refused', reason: 'request_failed' }, 'students');
    expect(refused).toBe('The school refused this change.');
    expect(invalidLines({ slug: 'is already taken' })).toEqual(['Slug: is already taken']);
  });
});

describe('the outbox in Chinese', () => {
  beforeEach(() => speak('zh-TW'));

  it('counts and warns without English plurals', () => {
    expect(waitingText(3)).toBe('3 筆變更等待送出');
    expect(needsYouText(1)).toBe('1 筆需要你處理');
    expect(unsentText(1200)).toBe('1,200 筆變更還沒送到學校');
    expect(savedHereText()).toBe('已儲存在這台電腦上。學校有回應時就會送出。');
  });

  it('names the record, the state and the problem in Chinese', () => {
    expect(entryTitle({ area: 'courses', label: '水彩入門' })).toBe('課程：水彩入門');
    expect(stateText('needs_you')).toBe('需要你處理');
    expect(problemText({ code: 'gone' }, 'coupons')).toBe(
      '這張折價券已在學校上刪除，所以無法送出這項變更。請捨棄變更，或重新建立這張折價券。',
    );
    expect(changeLines({ kind: 'create', fields: {} })).toEqual(['新增']);
    expect(invalidLines({ slug: 'Slug already exists' }, 'courses')).toEqual([
      '網址代稱：網址代稱已被使用',
    ]);
  });
});
