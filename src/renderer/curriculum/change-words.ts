import i18next from 'i18next';
import type { CurriculumChange } from '../../shared/curriculum/curriculum-changes';
import type { Collision } from '../../shared/curriculum/curriculum-merge';
import type { ItemRef } from '../../shared/curriculum/curriculum-shape';
import { itemTitle } from './curriculum-words';

const titled = (item: ItemRef) => itemTitle(item);

/** One change of a curriculum in the owner's words ("Section “Intro” renamed to “Welcome”"). */
export function changeWords(change: CurriculumChange): string {
  const t = i18next.t;
  const title = titled(change.item);
  const kind = change.item.kind;
  switch (change.kind) {
    case 'added':
      return t(`curriculum:changes.added.${kind}`, {
        title,
        section: change.section ? titled(change.section) : '',
      });
    case 'deleted':
      return t(`curriculum:changes.deleted.${kind}`, { title, count: change.lectures ?? 0 });
    case 'renamed':
      return t(`curriculum:changes.renamed.${kind}`, { title, to: change.to });
    case 'moved':
      return t(`curriculum:changes.moved.${kind}`, {
        title,
        position: change.position,
        number: change.sectionNumber ?? 0,
        section: change.section ? titled(change.section) : '',
      });
    case 'changed':
      return t('curriculum:changes.changed', { title });
  }
}

/** Where both sides changed the same thing, in the owner's words. */
export function collisionWords(collision: Collision): string {
  const t = i18next.t;
  const title = titled(collision.item);
  switch (collision.kind) {
    case 'renamed_both':
      return t('curriculum:changes.collision.renamed_both', {
        title,
        mine: collision.mine,
        school: collision.school,
      });
    case 'deleted_edited':
      return t(
        collision.deletedBy === 'mine'
          ? 'curriculum:changes.collision.deleted_by_mine'
          : 'curriculum:changes.collision.deleted_by_school',
        { title },
      );
    case 'moved_both':
      return t('curriculum:changes.collision.moved_both', { title });
    case 'changed_both':
      return t('curriculum:changes.collision.changed_both', { title });
  }
}
