import { desktopPicker } from '../api/transport.js';
import { useT } from '../i18n.js';

/**
 * In the desktop app, the buttons that open main's dialog for a path the host will read (the host
 * accepts no other); nothing in a browser tab, where the path is typed. `desktop()` tells a field
 * whether to be read-only.
 */
export function PickButtons({ kinds, onPicked, testId }: { kinds: Array<'folder' | 'jsonl'>; onPicked(path: string): void; testId: string }) {
  const t = useT();
  const pick = desktopPicker();
  if (!pick) return null;
  return (
    <>
      {kinds.map((kind) => (
        <button type="button" key={kind} data-testid={`${testId}-${kind}`} onClick={() => void pick(kind).then((chosen) => chosen && onPicked(chosen))}>
          {kind === 'folder' ? t.pickFolder : t.pickJsonl}
        </button>
      ))}
    </>
  );
}

export const desktop = (): boolean => desktopPicker() !== null;
