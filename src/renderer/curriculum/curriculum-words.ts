import i18next from 'i18next';
import {
  curriculumTotals,
  sectionTotals,
  type Curriculum,
  type Section,
} from '../../shared/curriculum/curriculum-shape';

/** A running time in the owner's language: "45 s", "12 min", "2 h 5 min". */
export function durationWords(seconds: number): string {
  if (seconds <= 0) return i18next.t('curriculum:noDuration');
  if (seconds < 60) return i18next.t('curriculum:duration.seconds', { seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return i18next.t('curriculum:duration.minutes', { minutes });
  return i18next.t('curriculum:duration.hoursMinutes', {
    hours: Math.floor(minutes / 60),
    minutes: minutes % 60,
  });
}

/** "3 lectures, 25 min" ("3 lectures" when none says its running time): a section's row. */
export function sectionSummary(section: Section): string {
  const totals = sectionTotals(section);
  const lectures = i18next.t('curriculum:lectures', { count: totals.lectures });
  if (totals.seconds <= 0) return lectures;
  return i18next.t('curriculum:sectionTotal', {
    lectures,
    duration: durationWords(totals.seconds),
  });
}

/** "4 sections, 20 lectures, 3 h 10 min in all": the course's line above its tree. */
export function courseSummary(curriculum: Curriculum): string {
  const totals = curriculumTotals(curriculum);
  return i18next.t('curriculum:courseTotal', {
    sections: i18next.t('curriculum:sections', { count: totals.sections }),
    lectures: i18next.t('curriculum:lectures', { count: totals.lectures }),
    duration: durationWords(totals.seconds),
  });
}

/** An item's title, or "Untitled" for one the school sent without. */
export function itemTitle(item: { title?: unknown }): string {
  return typeof item.title === 'string' && item.title.trim() !== ''
    ? item.title
    : i18next.t('curriculum:untitled');
}
