/** The right side: the catalogue of upgrade targets (visible to visitors too). */
import { useTranslation } from '../i18n/useTranslation.ts';
import { FilterBar } from './FilterBar.tsx';
import { ItemGrid } from './ItemGrid.tsx';
import { PageActor } from './pageActor.ts';

/** The targets column. */
export function TargetPanel() {
  const { t } = useTranslation();
  const loading = PageActor.useSelector((s) => s.matches('loading') && s.context.uitems.length === 0);
  // The first screen's targets, shown before the page has loaded (PageContext.preview): their cells wait for it.
  const preview = PageActor.useSelector((s) => s.context.preview);
  return (
    <section
      className="panel panel--right"
      id="panel-right"
      aria-labelledby="right-title"
      aria-busy={preview || loading}
    >
      <header className="panel__head">
        <h2 id="right-title" className="panel__title" tabIndex={-1}>
          {t('inventory.targets')}
        </h2>
        {/* In the head, whose height it keeps: the grid does not move when the page has loaded and it goes. */}
        {preview && !loading && (
          <span className="panel__meta panel__busy" data-testid="targets-preview">
            <span className="spinner" aria-hidden="true" />
            {t('loading')}
          </span>
        )}
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
