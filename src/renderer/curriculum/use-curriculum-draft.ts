import { useCallback, useState } from 'react';
import { asCurriculum } from '../../shared/curriculum/curriculum-merge';
import type { Section } from '../../shared/curriculum/curriculum-shape';
import type { EntityName } from '../../shared/entity-names';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The owner's unsaved edits of a course's curriculum, beside the course's form: what the tree
 * shows, whether it differs from the version it started from (the record's, or a save's
 * answer: as react-hook-form's `reset`), and the field a save sends (`sections`, only when
 * changed). Other entities have none.
 */
export function useCurriculumDraft(entity: EntityName, record: Record<string, unknown>) {
  const has = entity === 'courses';
  const [draft, setDraft] = useState<{ from: Section[]; sections: Section[] }>(() => {
    const from = has ? [...asCurriculum(record.sections)] : [];
    return { from, sections: from };
  });
  const dirty = has && !same(draft.sections, draft.from);
  const setSections = useCallback(
    (sections: Section[]) => setDraft((d) => ({ ...d, sections })),
    [],
  );
  /** Starts again from a record's curriculum (a save's answer, the school's version). */
  const reset = useCallback((next: Record<string, unknown>) => {
    const from = [...asCurriculum(next.sections)];
    setDraft({ from, sections: from });
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
