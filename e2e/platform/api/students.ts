import { z } from 'zod';
import { LIST_RULES } from '../../../src/shared/list-rules';
import type { EntityDef } from './entity';
import { recordBase, requiredText } from './fields';

/** E-mails are trimmed and lowercased before they are checked, stored and compared. */
const email = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Email is required' : 'Email must be text'),
  })
  .trim()
  .toLowerCase()
  .check(z.email({ error: 'Invalid email' }))
  .max(254, 'Email must be at most 254 characters');

const phoneNumber = z
  .string({ error: 'Phone number must be text' })
  .trim()
  .regex(/^\+?[0-9 ()-]{4,30}$/, 'Invalid phone number')
  .nullable();

/** Body of POST /students. An e-mail already on file answers that student with 200. */
export const studentCreate = z.strictObject({
  name: requiredText('Name'),
  email,
  phoneNumber: phoneNumber.default(null),
});

/** Body of PATCH /students/{id}. */
export const studentUpdate = z
  .strictObject({ name: requiredText('Name'), email, phoneNumber })
  .partial();

/** A student as the API answers it. */
export const studentRecord = z.object({
  id: recordBase.id,
  name: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  lastSignInAt: z
    .int()
    .nullable()
    .meta({ description: 'Unix seconds; null if the student never signed in.' }),
  createdAt: recordBase.createdAt,
  updatedAt: recordBase.updatedAt,
});

export type Student = z.infer<typeof studentRecord>;

/** Students: private to the school, so anonymous callers see none. */
export const students: EntityDef = {
  table: 'students',
  label: 'Student',
  area: 'students',
  columns: {
    id: 'text',
    name: 'text',
    email: 'text',
    phoneNumber: 'text',
    lastSignInAt: 'number',
    createdAt: 'number',
    updatedAt: 'number',
  },
  record: studentRecord,
  create: studentCreate,
  update: studentUpdate,
  serverDefaults: { lastSignInAt: null },
  unique: [{ field: 'email', message: 'Email already exists' }],
  // Search and sorts are the shared list rules, which the app's mirror answers with too.
  search: [...LIST_RULES.students.search],
  phoneSearch: LIST_RULES.students.phoneSearch,
  sorts: LIST_RULES.students.sorts,
  defaultSort: LIST_RULES.students.defaultSort,
  filters: {},
  publicWhere: null,
};
