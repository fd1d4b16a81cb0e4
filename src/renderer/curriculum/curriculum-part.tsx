import { useTranslation } from 'react-i18next';
import type { Section } from '../../shared/curriculum/curriculum-shape';
import { LockedNotice } from '../step-up/locked-notice';
import type { useScopeAccess } from '../step-up/use-write-access';
import { CurriculumTree } from './curriculum-tree';

type Props = {
  sections: Section[];
  onChange: (sections: Section[]) => void;
  access: ReturnType<typeof useScopeAccess>;
};

/**
 * The curriculum in a course's record: the tree, and without `curriculum:write` its controls
 * locked with the reason and "Grant access", as every other locked control.
 */
export function CurriculumPart({ sections, onChange, access }: Props) {
  const { t } = useTranslation('curriculum');
  return (
    <>
      <CurriculumTree sections={sections} onChange={onChange} canEdit={access.canWrite} />
      {access.canWrite ? null : (
        <LockedNotice
          controls={t('lockedControls')}
          scope={access.scope}
          asking={access.asking}
          onGrant={() => void access.requestAccess()}
        />
      )}
    </>
  );
}
