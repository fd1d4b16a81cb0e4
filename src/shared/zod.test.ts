import { afterEach, describe, expect, it } from 'vitest';
import { contract } from './contract';
import { studentSchema } from './records';
import { z } from './zod';

/** Counts the code made with `Function` (zod's parsers, when it generates them) until restored. */
const original = globalThis.Function;
let generated = 0;
function countGeneratedCode(): void {
  generated = 0;
  globalThis.Function = new Proxy(original, {
    construct(target, args: string[]) {
      generated += 1;
      return Reflect.construct(target, args);
    },
    apply(target, self, args: string[]) {
      generated += 1;
      return Reflect.apply(target, self, args) as unknown;
    },
  });
}
afterEach(() => {
  globalThis.Function = original;
});

const student = {
  id: '6f1c2a7e-3b1d-4c1e-9d1a-0a0000000001',
  name: 'Ada Lovelace',
  email: 'ada@example.org',
  phoneNumber: null,
  createdAt: 1_700_000_000,
};

describe('zod through src/shared/zod.ts', () => {
  it('parses with schemas built at import, and with new ones, without generating code', () => {
    countGeneratedCode();
    expect(studentSchema.parse(student)).toEqual(student);
    expect(contract['settings:language'].request.safeParse({}).success).toBe(true);
    const fresh = z.object({ a: z.object({ b: z.string() }), c: z.array(z.number()) });
    expect(fresh.parse({ a: { b: 'x' }, c: [1, 2] })).toEqual({ a: { b: 'x' }, c: [1, 2] });
    expect(generated).toBe(0);
  });

  it('checks as before: a record of the wrong shape is refused, naming the field', () => {
    countGeneratedCode();
    const parsed = studentSchema.safeParse({ ...student, email: 42 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['email']);
    expect(generated).toBe(0);
  });
});
