/** The left side: the sign-in prompt, the empty inventory, or the player's items with their controls. */
import { useTranslation } from '../i18n/useTranslation.ts';
import { BalanceStake } from './BalanceStake.tsx';
import { siteRoot } from '../site/variant.ts';
import { FilterBar } from './FilterBar.tsx';
import { firstStakeCell, focusWhenReady, inventoryHeading } from './focus.ts';
import { ItemGrid } from './ItemGrid.tsx';
import { PageActor } from './pageActor.ts';
import { SignInForm } from './SignInForm.tsx';

/**
 * Item count, choose-all and clear: their own component, because whether the buttons are enabled changes when a
 * game starts and ends, and that must not re-render the inventory's filters and grid.
 */
function InventoryTools() {
  const { t } = useTranslation();
  const actor = PageActor.useActorRef();
  const total = PageActor.useSelector((s) => s.context.inventory.length);
  const canChooseAll = PageActor.useSelector((s) => s.can({ type: 'user.chooseAll' }));
  const canClear = PageActor.useSelector((s) => s.can({ type: 'user.clear' }));
  return (
    <div className="panel__tools">
      <span className="panel__meta">{t('inventory.count', { count: total })}</span>
      <button
        type="button"
        className="btn btn--ghost"
        data-testid="choose-all"
        disabled={!canChooseAll}
        onClick={() => actor.send({ type: 'user.chooseAll' })}
      >
        {t('actions.chooseAll')}
      </button>
      <button
        type="button"
        className="btn btn--ghost"
        data-testid="clear"
        disabled={!canClear}
        onClick={() => {
          // Clear turns itself off while the inventory reloads: focus goes on to the first item to stake.
          focusWhenReady(firstStakeCell, inventoryHeading);
          actor.send({ type: 'user.clear' });
        }}
      >
        {t('actions.clear')}
      </button>
    </div>
  );
}

/** The player's inventory column. */
export function InventoryPanel() {
  const { t } = useTranslation();
  const screen = PageActor.useSelector((s) =>
    s.matches('loading')
      ? 'loading'
      : s.matches('unauthenticated')
        ? 'signedOut'
        : s.matches('empty') || (s.context.user && s.context.inventory.length === 0)
          ? 'empty'
          : 'items',
  );
  // No items but a balance: the balance alone can be staked.
  const balanceOnly = PageActor.useSelector((s) => screen === 'empty' && (s.context.user?.balance ?? 0) > 0);
  const stakedCount = PageActor.useSelector((s) => s.context.staked.length);
  const maxStake = PageActor.useSelector((s) => s.context.site.rules.maxStakeItems);
  const site = PageActor.useSelector((s) => s.context.site);

  return (
    <section className="panel panel--left" id="panel-left" aria-labelledby="left-title">
      <header className="panel__head">
        <h2 id="left-title" className="panel__title" tabIndex={-1}>
          {t('inventory.yours')}
        </h2>
        {screen === 'items' && (
          <span className="panel__meta" data-testid="staked-count">
            {t('inventory.staked', { count: stakedCount, max: maxStake })}
          </span>
        )}
      </header>
      {screen === 'loading' && (
        <div className="skeleton" aria-busy="true">
          {t('loading')}
        </div>
      )}
      {screen === 'signedOut' && <SignInForm />}
      {balanceOnly && <BalanceStake />}
      {screen === 'empty' && (
        <div className="empty" data-testid="inventory-empty">
          <p className="empty__title">{t('inventory.empty')}</p>
          <p className="empty__hint">{t(balanceOnly ? 'inventory.emptyWithBalance' : 'inventory.emptyHint')}</p>
          <a className="btn btn--accent" href={siteRoot(site)} data-testid="open-cases">
            {t('inventory.openCases')}
          </a>
        </div>
      )}
      {screen === 'items' && (
        <>
          <BalanceStake />
          <FilterBar side="left" />
          <InventoryTools />
          <ItemGrid side="left" />
        </>
      )}
    </section>
  );
}
