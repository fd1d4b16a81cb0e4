import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCOPE_PRESETS, type ScopeArea } from '../../shared/scope-catalog';
import { presetLabel, scopeAreaDescription, scopeAreaLabel } from '../words/scope-words';
import {
  MANAGED_SCOPE_AREAS,
  matchingPreset,
  OTHER_SCOPE_AREAS,
  toggleScope,
  type Access,
} from './scope-choice';

type Props = { scopes: readonly string[]; onChange: (scopes: string[]) => void };

/**
 * What Schooldesk may do, least privilege first: presets that replace the whole choice (none
 * asks for more than the areas Schooldesk manages), then Read and Write checkboxes for
 * those areas, and the platform's other areas folded away under a heading that says
 * Schooldesk does not use them yet (open by itself when one of them is chosen). Each checkbox
 * is named after its area ("Courses: Read") because "Read" alone would be ambiguous.
 */
export function ScopeChooser({ scopes, onChange }: Props) {
  const { t } = useTranslation('connect');
  const pressed = matchingPreset(scopes);
  const otherChosen = OTHER_SCOPE_AREAS.filter((a) =>
    [a.read, a.write].some((s) => s && scopes.includes(s)),
  ).length;
  // Open when a folded area is chosen already (a draft kept from before); the owner's own
  // opening and closing is then left alone.
  const [othersOpen] = useState(otherChosen > 0);
  return (
    <fieldset className="scope-chooser">
      <legend>{t('scopes.legend')}</legend>
      <p className="hint">{t('scopes.hint')}</p>
      <div className="presets" role="group" aria-label={t('scopes.presets')}>
        {SCOPE_PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className="secondary"
            aria-pressed={pressed === preset.id}
            onClick={() => onChange([...preset.scopes])}
          >
            {presetLabel(preset)}
          </button>
        ))}
      </div>
      <h3 className="scope-group-heading" id="scope-managed-heading">
        {t('scopes.managed')}
      </h3>
      <ul className="scope-areas" aria-labelledby="scope-managed-heading">
        {MANAGED_SCOPE_AREAS.map((area) => (
          <AreaRow key={area.id} area={area} scopes={scopes} onChange={onChange} />
        ))}
      </ul>
      <details className="scope-others" open={othersOpen}>
        <summary>
          <span className="scope-others-heading">{t('scopes.other')}</span>
          {otherChosen > 0 ? (
            <span className="hint scope-others-count">
              {t('scopes.otherChosen', { count: otherChosen })}
            </span>
          ) : null}
        </summary>
        <p className="hint">{t('scopes.otherHint')}</p>
        <ul className="scope-areas">
          {OTHER_SCOPE_AREAS.map((area) => (
            <AreaRow key={area.id} area={area} scopes={scopes} onChange={onChange} />
          ))}
        </ul>
      </details>
    </fieldset>
  );
}

function AreaRow({ area, scopes, onChange }: { area: ScopeArea } & Props) {
  const { t } = useTranslation('connect');
  const descriptionId = `scope-area-${area.id}-description`;
  const label = scopeAreaLabel(area);
  const box = (access: Access) => {
    const scope = area[access];
    // An empty cell keeps the Read and Write columns aligned for write-only areas.
    if (!scope) return <span className="scope-toggle-empty" aria-hidden="true" />;
    const name =
      access === 'read'
        ? t('scopes.readScope', { area: label })
        : t('scopes.writeScope', { area: label });
    return (
      <label className="scope-toggle">
        <input
          type="checkbox"
          aria-label={name}
          aria-describedby={descriptionId}
          checked={scopes.includes(scope)}
          onChange={(event) => onChange(toggleScope(scopes, area, access, event.target.checked))}
        />
        <span aria-hidden="true">{access === 'read' ? t('scopes.read') : t('scopes.write')}</span>
      </label>
    );
  };
  return (
    <li className="scope-area">
      <div className="scope-area-text">
        <span className="scope-area-label">{label}</span>
        <span id={descriptionId} className="hint">
          {scopeAreaDescription(area)}
        </span>
      </div>
      {box('read')}
      {box('write')}
    </li>
  );
}
