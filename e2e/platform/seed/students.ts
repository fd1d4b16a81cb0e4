import type { ApiRecord } from '../api/entity';
import { SEED_EPOCH, slugify, type SeedRandom } from './random';

/** A student with an e-mail not yet in `emails` (which it joins). */
export function seedStudent(rnd: SeedRandom, emails: Set<string>): ApiRecord {
  const first = rnd.faker.person.firstName();
  const last = rnd.faker.person.lastName();
  const domain = rnd.pick(['example.com', 'example.org', 'example.net', 'mail.example.com']);
  const local = `${slugify(first)}.${slugify(last)}`.replace(/-/g, '') || 'student';
  let email = `${local}@${domain}`;
  // Unique per school: a clash gets a counter, which keeps emails readable and deterministic.
  for (let n = 2; emails.has(email); n += 1) email = `${local}${n}@${domain}`;
  emails.add(email);
  const { createdAt, updatedAt } = rnd.times();
  return {
    id: rnd.uuid(),
    name: `${first} ${last}`,
    email,
    phoneNumber: rnd.chance(0.6) ? rnd.faker.phone.number({ style: 'international' }) : null,
    lastSignInAt: rnd.chance(0.8) ? rnd.int(createdAt, SEED_EPOCH) : null,
    createdAt,
    updatedAt,
  };
}
