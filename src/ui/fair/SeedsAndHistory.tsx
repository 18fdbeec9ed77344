import { HistoryList } from './HistoryList.tsx';
import { SeedPanel } from './SeedPanel.tsx';
import { useFairRecords } from './useFairRecords.ts';

/** The seeds panel and the history over one load: a rotation or a new game refreshes both. */
export function SeedsAndHistory({
  currency,
  chanceDecimals,
  gameKey,
}: {
  currency: 'USD' | 'RUB';
  chanceDecimals?: number;
  gameKey?: unknown;
}) {
  const records = useFairRecords(gameKey);
  return (
    <>
      <SeedPanel records={records} />
      <HistoryList records={records} currency={currency} chanceDecimals={chanceDecimals} />
    </>
  );
}
