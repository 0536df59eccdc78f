import { useEffect, useState } from 'react';
import type { OutlineDto } from '../../../../preload/contract/index.js';
import { useApi } from '../../api/context.js';

interface Props {
  articleId: number;
  /** Only the headings under this prefix (a breadcrumb level), or the whole law. */
  prefix: string[];
  onOpen(id: number): void;
}

/** Hierarchy navigation: the law's headings with their articles; the current one marked. */
export function Outline({ articleId, prefix, onOpen }: Props) {
  const api = useApi();
  const [outline, setOutline] = useState<OutlineDto | null>(null);
  useEffect(() => {
    void api.call('statute.outline', { id: articleId }).then(setOutline);
  }, [api, articleId]);
  if (!outline) return null;
  // Under a breadcrumb level, the headings of the article's own part (民法典 has a 第一章 一般规定 in each 编).
  const own = outline.sections.find((s) => s.articles.some((a) => a.id === articleId))?.part ?? null;
  const sections = outline.sections.filter((s) => prefix.every((p, i) => s.path[i] === p) && (prefix.length === 0 || (s.part ?? null) === own));
  return (
    <nav className="outline" data-testid="outline">
      {sections.map((s, i) => (
        <div key={s.path.join('/') + s.articles[0]!.id}>
          {s.part && s.part !== sections[i - 1]?.part && <h4 data-testid="outline-part">{s.part}</h4>}
          {s.path.length > 0 && <h5>{s.path.slice(prefix.length).join(' › ') || s.path.at(-1)}</h5>}
          <div className="outline-articles">
            {s.articles.map((a) => (
              <button key={a.id} className={`link ${a.id === articleId ? 'current' : ''}`} onClick={() => onOpen(a.id)} data-testid="outline-article">
                {a.label}
              </button>
            ))}
          </div>
        </div>
      ))}
    </nav>
  );
}
