import { useCallback, useState } from 'react';
import { asCurriculum } from '../../shared/curriculum/curriculum-merge';
import type { Section } from '../../shared/curriculum/curriculum-shape';
import type { EntityName } from '../../shared/entity-names';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The owner's unsaved edits of a course's curriculum, beside the course's form: what the tree
 * shows, whether it differs from the record's, and the field a save sends (`sections`, only
 * when changed). Other entities have none.
 */
export function useCurriculumDraft(entity: EntityName, record: Record<string, unknown>) {
  const has = entity === 'courses';
  const saved = has ? asCurriculum(record.sections) : [];
  const [draft, setDraft] = useState<{ from: unknown; sections: Section[] }>(() => ({
    from: record.sections,
    sections: [...saved],
  }));
  const dirty = has && !same(draft.sections, saved);
  const setSections = useCallback(
    (sections: Section[]) => setDraft((d) => ({ ...d, sections })),
    [],
  );
  /** Starts again from a record's curriculum (a save's answer, the school's version). */
  const reset = useCallback((next: Record<string, unknown>) => {
    setDraft({ from: next.sections, sections: [...asCurriculum(next.sections)] });
  }, []);
  return {
    has,
    sections: draft.sections,
    setSections,
    dirty,
    reset,
    /** The field a save sends for the curriculum: `{ sections }` when changed, else nothing. */
    changes: (): Record<string, unknown> => (dirty ? { sections: draft.sections } : {}),
  };
}
