import { useT } from '../../i18n.js';
import type { MatterSetting } from './useConsultation.js';

/**
 * A new consultation's date and place, as `lexdesk consult --as-of --place` gives them: the law is applied as in force on
 * that day (a work injury of 2023 is judged by 2023's law, offline too, where no model reads the date from the facts),
 * and the place's province pack is searched.
 */
export function MatterSettingFields({ value, onChange }: { value: MatterSetting; onChange(next: MatterSetting): void }) {
  const t = useT();
  return (
    <div className="matter-setting" data-testid="matter-setting">
      <label title={t.matterAsOfHint}>
        {t.matterAsOf}
        <input type="date" value={value.asOf ?? ''} onChange={(e) => onChange({ ...value, asOf: e.target.value || undefined })} aria-label={t.matterAsOf} data-testid="matter-asof" />
      </label>
      <label title={t.matterPlaceHint}>
        {t.matterPlace}
        <input value={value.place ?? ''} maxLength={50} onChange={(e) => onChange({ ...value, place: e.target.value || undefined })} aria-label={t.matterPlace} data-testid="matter-place" />
      </label>
    </div>
  );
}
