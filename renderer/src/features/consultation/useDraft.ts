import { useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

const PREFIX = 'lexdesk-draft:';

/** sessionStorage, or null where the page may not use it (then drafts last while the view is open). */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The composer's text, kept per consultation for this browser session: opening another consultation and coming
 * back, or reloading the page, finds it again. A new consultation's draft moves to its id once the host gives one.
 */
export function useDraft(consultationId: number | null): [string, Dispatch<SetStateAction<string>>] {
  const key = `${PREFIX}${consultationId ?? 'new'}`;
  const [draft, setDraft] = useState(() => storage()?.getItem(key) ?? '');
  const keptUnder = useRef(key);
  useEffect(() => {
    const store = storage();
    if (!store) return;
    if (keptUnder.current !== key) store.removeItem(keptUnder.current);
    keptUnder.current = key;
    if (draft) store.setItem(key, draft);
    else store.removeItem(key);
  }, [key, draft]);
  return [draft, setDraft];
}
