import { SCOPE_AREAS, SCOPE_PRESETS, type ScopeArea } from '../../shared/scope-catalog';
import { matchingPreset, toggleScope, type Access } from '../scopes';

type Props = { scopes: readonly string[]; onChange: (scopes: string[]) => void };

/**
 * What Schooldesk may do, grouped by area: Read and Write checkboxes per area with the area's
 * description, and presets that replace the whole choice. Each checkbox is named after its
 * area ("Courses: Read") because "Read" alone would be ambiguous out of context.
 */
export function ScopeChooser({ scopes, onChange }: Props) {
  const pressed = matchingPreset(scopes);
  return (
    <fieldset className="scope-chooser">
      <legend>What Schooldesk may do</legend>
      <p className="hint">Choose only what you need. You can sign in again later to allow more.</p>
      <div className="presets" role="group" aria-label="Presets">
        {SCOPE_PRESETS.map((preset) => (
          <button
            key={preset.id}
            type="button"
            className="secondary"
            aria-pressed={pressed === preset.id}
            onClick={() => onChange([...preset.scopes])}
          >
            {preset.label}
          </button>
        ))}
      </div>
      <ul className="scope-areas">
        {SCOPE_AREAS.map((area) => (
          <AreaRow key={area.id} area={area} scopes={scopes} onChange={onChange} />
        ))}
      </ul>
    </fieldset>
  );
}

function AreaRow({ area, scopes, onChange }: { area: ScopeArea } & Props) {
  const descriptionId = `scope-area-${area.id}-description`;
  const box = (access: Access, text: string) => {
    const scope = area[access];
    // An empty cell keeps the Read and Write columns aligned for write-only areas.
    if (!scope) return <span className="scope-toggle-empty" aria-hidden="true" />;
    return (
      <label className="scope-toggle">
        <input
          type="checkbox"
          aria-label={`${area.label}: ${text}`}
          aria-describedby={descriptionId}
          checked={scopes.includes(scope)}
          onChange={(event) => onChange(toggleScope(scopes, area, access, event.target.checked))}
        />
        <span aria-hidden="true">{text}</span>
      </label>
    );
  };
  return (
    <li className="scope-area">
      <div className="scope-area-text">
        <span className="scope-area-label">{area.label}</span>
        <span id={descriptionId} className="hint">
          {area.description}
        </span>
      </div>
      {box('read', 'Read')}
      {box('write', 'Write')}
    </li>
  );
}
