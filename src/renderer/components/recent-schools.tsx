import { useQuery } from '@tanstack/react-query';
import { recentSchoolsQuery } from '../queries';

/**
 * Schools signed in to before, as buttons that fill in the address. Deliberately not a
 * datalist: a `list` attribute turns the address field into a combobox, whose suggestions
 * are hard to find by keyboard and which is no longer announced as a plain text field.
 */
export function RecentSchools({ onPick }: { onPick: (school: string) => void }) {
  const recent = useQuery(recentSchoolsQuery());
  const schools = recent.data ?? [];
  if (schools.length === 0) return null;
  return (
    <div className="recent-schools" role="group" aria-labelledby="recent-schools-heading">
      <p id="recent-schools-heading" className="hint">
        Recent schools
      </p>
      <ul>
        {schools.map((school) => (
          <li key={school}>
            <button type="button" className="link-like" onClick={() => onPick(school)}>
              {school}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
