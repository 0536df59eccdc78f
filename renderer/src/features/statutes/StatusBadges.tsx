import type { DateStanding, OnDate } from '../../../../preload/contract/index.js';
import { fill, statusText, useT, type Strings } from '../../i18n.js';

const STANDING: Record<DateStanding, keyof Strings> = {
  'in-force': 'onDateInForce', 'amended-since': 'onDateAmendedSince', 'deleted-since': 'onDateDeletedSince', 'other-text': 'onDateOtherText',
  'not-yet': 'onDateNotYet', 'version-not-yet': 'onDateVersionNotYet', 'not-added': 'onDateNotAdded', superseded: 'onDateSuperseded', repealed: 'onDateRepealed', deleted: 'onDateDeleted',
  'repeal-undated': 'onDateRepealUndated',
};

/**
 * A version's status today and, with a dated search or lookup, how it stood on that date, first: 民法典 第五百七十七条 as
 * of 2019 reads 「2019-06-01 尚未施行」 beside 「现行有效」, 公司法 of 2018 as of 2020 「2020-06-01 施行中」 beside 「已被修订」.
 * Green only for an article in force then in the text shown.
 */
export function StatusBadges({ status, onDate }: { status: string; onDate?: OnDate | undefined }) {
  const t = useT();
  return (
    <>
      {onDate && <OnDateBadge onDate={onDate} />}
      <span className={`badge ${status === 'current' ? 'ok' : 'warn'}`} data-testid="status-badge">{statusText(t, status)}</span>
    </>
  );
}

/** How an article stood on the date asked (「2019-06-01 施行中」), green only for in force then in the text shown. */
export function OnDateBadge({ onDate, testid = 'on-date' }: { onDate: OnDate; testid?: string }) {
  const t = useT();
  return <span className={`badge ${onDate.standing === 'in-force' ? 'ok' : 'warn'}`} data-testid={testid}>{fill(t[STANDING[onDate.standing]] as string, { date: onDate.date })}</span>;
}
