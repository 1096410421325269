import type { EarningsTotalsDto } from '@app/contracts';
import { Card } from '@/components/ui/card';
import { useGetEarningsQuery } from '../api/calls-api';
import { formatDuration, formatMoney } from '../call-money';
import { CALLS_TEXT } from '../calls-copy';
import { useFormatLocale } from '@/i18n/use-text';
import { formatMonth } from '@/lib/format';

const T = CALLS_TEXT;
/** Columns a phone leaves out: what buyers paid and the commission (the earning column says what counts). */
const WIDE = 'hidden sm:table-cell';
/** 'YYYY-MM' (UTC) as "November 2026", in the locale's words. */
function monthName(month: string, locale: string): string {
  const [year, index] = month.split('-').map(Number);
  return Number.isFinite(year) && Number.isFinite(index) ? formatMonth(Date.UTC(year, index - 1, 1), locale, { timeZone: 'UTC' }) : month;
}

/** A seller's billed calls totalled by the month they ended, with the platform's commission taken off. */
export function EarningsByMonth() {
  const { data, isLoading, isError } = useGetEarningsQuery();
  const locale = useFormatLocale();
  return (
    <section aria-labelledby="earnings-title" className="mb-8">
      <h2 id="earnings-title" className="text-lg font-semibold">
        {T.earningsTitle}
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">{T.earningsHint}</p>
      {isLoading ? (
        <p className="py-4 text-sm text-muted-foreground">{T.loading}</p>
      ) : isError || !data ? (
        <p className="py-4 text-sm text-muted-foreground" role="alert">
          {T.loadFailed}
        </p>
      ) : data.months.length === 0 ? (
        <Card className="border-dashed p-6 text-center text-sm text-muted-foreground">{T.earningsEmpty}</Card>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="earnings-table">
            <thead className="border-b bg-muted/50 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{T.earningsColumns.month}</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">{T.earningsColumns.calls}</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">{T.earningsColumns.time}</th>
                <th scope="col" className={`${WIDE} px-3 py-2 text-right font-medium`}>{T.earningsColumns.gross}</th>
                <th scope="col" className={`${WIDE} px-3 py-2 text-right font-medium`}>{T.earningsColumns.commission}</th>
                <th scope="col" className="px-3 py-2 text-right font-medium">{T.earningsColumns.earning}</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {data.months.map((month) => (
                <Totals key={month.month} label={monthName(month.month, locale)} totals={month} />
              ))}
            </tbody>
            <tfoot className="border-t-2 font-semibold">
              <Totals label={T.total} totals={data.total} />
            </tfoot>
          </table>
        </Card>
      )}
    </section>
  );
}

function Totals({ label, totals }: { label: string; totals: EarningsTotalsDto }) {
  return (
    <tr data-testid="earnings-row">
      <th scope="row" className="px-3 py-2 text-left font-medium">{label}</th>
      <td className="px-3 py-2 text-right tabular-nums">{totals.calls}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatDuration(totals.seconds)}</td>
      <td className={`${WIDE} px-3 py-2 text-right tabular-nums`}>{formatMoney(totals.gross, 'USD')}</td>
      <td className={`${WIDE} px-3 py-2 text-right tabular-nums`}>{formatMoney(totals.commission, 'USD')}</td>
      <td className="px-3 py-2 text-right tabular-nums">{formatMoney(totals.earning, 'USD')}</td>
    </tr>
  );
}
