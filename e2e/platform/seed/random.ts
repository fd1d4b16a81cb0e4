import { Faker, base, en } from '@faker-js/faker';

/**
 * Seeded timestamps are relative to this fixed moment (2025-01-01T00:00:00Z), never to "now",
 * so the same seed gives byte-identical data on every machine and every day.
 */
export const SEED_EPOCH = 1_735_689_600;

export const DAY = 86_400;

/** A record's slug from its title: lower case, ASCII letters and digits joined by hyphens. */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The demo school's one seeded PRNG. Every entity's generator draws from it in turn, so the
 * order of calls is part of the seed: the same seed gives the same rows, ids included.
 */
export class SeedRandom {
  readonly faker: Faker;

  constructor(seed: number) {
    this.faker = new Faker({ locale: [en, base], seed });
  }

  int(min: number, max: number): number {
    return this.faker.number.int({ min, max });
  }

  chance(p: number): boolean {
    return this.faker.number.float({ min: 0, max: 1 }) < p;
  }

  pick<T>(values: readonly T[]): T {
    return this.faker.helpers.arrayElement(values);
  }

  uuid(): string {
    return this.faker.string.uuid();
  }

  /** createdAt in the three years before the epoch, updatedAt between it and the epoch. */
  times(): { createdAt: number; updatedAt: number } {
    const createdAt = SEED_EPOCH - this.int(DAY, 3 * 365 * DAY);
    return { createdAt, updatedAt: this.chance(0.5) ? createdAt : this.int(createdAt, SEED_EPOCH) };
  }
}
