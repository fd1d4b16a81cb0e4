import { describe, expect, it } from 'vitest';
import { ControlState } from './control-state';

describe('ControlState faults', () => {
  it('fails a deterministic share of matching requests', () => {
    const state = new ControlState({ rateLimit: null });
    state.setFault({ rate: 0.5, kind: '503' });
    expect([1, 2, 3, 4, 5, 6].map(() => state.nextFault('/api/v1/courses', 'GET'))).toEqual([
      undefined,
      '503',
      undefined,
      '503',
      undefined,
      '503',
    ]);
    state.setFault({ rate: 0.1, kind: '500' });
    const failed = Array.from({ length: 100 }, () => state.nextFault('/x', 'GET')).filter(Boolean);
    expect(failed).toHaveLength(10);
  });

  it('fails every request at rate 1, none at rate 0, and only under pathPrefix', () => {
    const state = new ControlState({ rateLimit: null });
    state.setFault({ rate: 1, kind: 'drop', pathPrefix: '/api/v1/students' });
    expect(state.nextFault('/api/v1/students/1', 'GET')).toBe('drop');
    expect(state.nextFault('/api/v1/courses', 'GET')).toBeUndefined();
    expect(state.nextFault('/api/v1/students', 'GET')).toBe('drop');
    state.setFault({ rate: 0, kind: '500' });
    expect(state.nextFault('/api/v1/students', 'GET')).toBeUndefined();
  });

  it('clears a rule after `count` faults', () => {
    const state = new ControlState({ rateLimit: null });
    state.setFault({ rate: 1, kind: '500', count: 2 });
    expect([1, 2, 3].map(() => state.nextFault('/', 'GET'))).toEqual(['500', '500', undefined]);
    expect(state.fault).toBeNull();
  });

  it('cycles the kinds of a mixed rule, faulting only the listed methods', () => {
    const state = new ControlState({ rateLimit: null });
    state.setFault({
      rate: 0.2,
      kinds: ['500', '503', 'drop-after', '429'],
      methods: ['POST', 'PATCH', 'PUT', 'DELETE'],
    });
    const writes = Array.from({ length: 40 }, (_, i) => {
      // Reads in between never fail and never move the credit.
      expect(state.nextFault('/api/v1/courses', 'GET')).toBeUndefined();
      return state.nextFault('/api/v1/courses', i % 2 ? 'patch' : 'POST');
    });
    const mixed = ['500', '503', 'drop-after', '429'];
    expect(writes.filter(Boolean)).toEqual([...mixed, ...mixed]);
    // Every 5th write fails: the 5th, the 10th, ...
    expect(writes.flatMap((kind, i) => (kind ? [i + 1] : []))).toEqual([
      5, 10, 15, 20, 25, 30, 35, 40,
    ]);
    state.setFault({ rate: 1, kinds: ['drop', '500'], count: 3 });
    expect([1, 2, 3, 4].map(() => state.nextFault('/', 'DELETE'))).toEqual([
      'drop',
      '500',
      'drop',
      undefined,
    ]);
  });

  it('reset clears latency, faults and counters and restores the starting rate limit', () => {
    const state = new ControlState({ rateLimit: { reads: 600, writes: 200 } });
    state.latencyMs = 250;
    state.setFault({ rate: 1, kind: '500' });
    state.setRateLimit({ reads: 1, writes: 1 });
    state.counters.record('GET', '/api/v1/courses', '200');
    state.reset();
    expect(state.snapshot()).toEqual({
      latencyMs: 0,
      latencyPathPrefix: null,
      fault: null,
      rateLimit: { reads: 600, writes: 200 },
      answerShape: { documentedOnly: false, extraFields: {}, rawRecords: 0 },
    });
    expect(state.counters.snapshot().total).toBe(0);
  });

  it('applies latency only under its path prefix', () => {
    const state = new ControlState({ rateLimit: null });
    state.latencyMs = 100;
    state.latencyPathPrefix = '/api/v1/';
    expect(state.latencyFor('/api/v1/courses')).toBe(100);
    expect(state.latencyFor('/oauth/authorize')).toBe(0);
  });
});
