import type { OnDate } from '../../../../preload/contract/index.js';
import { fill, statusText, useT } from '../../i18n.js';

/**
 * A version's status today, and with a dated search or lookup whether it was law on that date, first: 民法典
 * 第五百七十七条 as of 2019 reads 「2019-06-01 未施行」 beside 「现行有效」, a version superseded since 「2019-06-01 施行中」
 * beside 「已被修订」.
 */
export function StatusBadges({ status, onDate }: { status: string; onDate?: OnDate | undefined }) {
  const t = useT();
  return (
    <>
      {onDate && <span className={`badge ${onDate.law ? 'ok' : 'warn'}`} data-testid="on-date">{fill(onDate.law ? t.lawOnDate : t.notLawOnDate, { date: onDate.date })}</span>}
      <span className={`badge ${status === 'current' ? 'ok' : 'warn'}`} data-testid="status-badge">{statusText(t, status)}</span>
    </>
  );
}
