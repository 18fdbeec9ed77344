/** The right side: the catalogue of upgrade targets (visible to visitors too). */
import { useTranslation } from '../i18n/useTranslation.ts';
import { FilterBar } from './FilterBar.tsx';
import { ItemGrid } from './ItemGrid.tsx';
import { PageActor } from './pageActor.ts';

/** The targets column. */
export function TargetPanel() {
  const { t } = useTranslation();
  const loading = PageActor.useSelector((s) => s.matches('loading') && s.context.uitems.length === 0);
  return (
    <section className="panel panel--right" aria-labelledby="right-title">
      <header className="panel__head">
        <h2 id="right-title" className="panel__title" tabIndex={-1}>
          {t('inventory.targets')}
        </h2>
      </header>
      {loading ? (
        <div className="skeleton" aria-busy="true">
          {t('loading')}
        </div>
      ) : (
        <>
          <FilterBar side="right" />
          <ItemGrid side="right" />
        </>
      )}
    </section>
  );
}
