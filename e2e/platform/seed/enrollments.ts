import type { ApiRecord } from '../api/entity';
import { DAY, SEED_EPOCH, type SeedRandom } from './random';

/** A student's enrollment in a course, made after `enrolledAfter`. */
export function seedEnrollment(
  rnd: SeedRandom,
  studentId: string,
  course: ApiRecord,
  enrolledAfter: number,
): ApiRecord {
  const createdAt = rnd.int(Math.max(enrolledAfter, course.createdAt), SEED_EPOCH);
  const roll = rnd.int(1, 100);
  let deliveryState = 'delivered';
  let endedAt: number | null = null;
  if (course.courseType === 'pre_order') deliveryState = 'pre_ordering';
  else if (roll <= 5) deliveryState = 'group_buying';
  else if (roll <= 15) {
    deliveryState = 'expired';
    endedAt = rnd.int(createdAt, SEED_EPOCH);
  } else if (roll <= 30) endedAt = SEED_EPOCH + rnd.int(365, 3650) * DAY;
  return {
    id: rnd.uuid(),
    studentId,
    courseId: course.id,
    completionRate:
      deliveryState === 'pre_ordering'
        ? 0
        : Math.round(rnd.faker.number.float({ min: 0, max: 1 }) * 100) / 100,
    deliveryState,
    endedAt,
    createdAt,
    updatedAt: rnd.int(createdAt, SEED_EPOCH),
  };
}

/** About a third of students take one to three published courses. */
export function enrollmentsOf(
  rnd: SeedRandom,
  student: ApiRecord,
  published: readonly ApiRecord[],
): ApiRecord[] {
  if (!rnd.chance(0.35)) return [];
  const picked = rnd.faker.helpers.arrayElements(published, { min: 1, max: 3 });
  return picked.map((course) => seedEnrollment(rnd, student.id, course, student.createdAt));
}
