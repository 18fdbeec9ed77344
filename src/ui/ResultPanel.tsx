/**
 * After a game: the CS site's result panel (roll, roll check, sell) or the win / loss panels of the other
 * sites, with the way back to the case the stake came from.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import { toMajor } from '../domain/money.ts';
import { caseLink, rollCheckPath } from '../site/variant.ts';
import { focusInto, focusWhenReady, nextStepAfterGame } from './focus.ts';
import { rarityClass } from './ItemCell.tsx';
import { rarityName } from './rarityName.ts';
import { PageActor } from './pageActor.ts';
import { navigate } from './routes.ts';
import { useFormat } from './useFormat.ts';

/** The panel for the finished game, or nothing. */
export function ResultPanel() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const actor = PageActor.useActorRef();
  const game = PageActor.useSelector((s) => (s.matches('result') ? s.context.game : null));
  const stake = PageActor.useSelector((s) => s.context.gameStake);
  const balanceStake = PageActor.useSelector((s) => s.context.gameBalanceStake);
  const selling = PageActor.useSelector((s) => s.matches({ result: 'selling' }));
  const canSell = PageActor.useSelector((s) => s.can({ type: 'user.sell' }));
  const site = PageActor.useSelector((s) => s.context.site);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = game !== null;
  // The result takes focus (from Play, which kept it through the spin) and comes into view, whatever the zoom.
  useEffect(() => {
    if (shown && heading.current) focusInto(heading.current);
  }, [shown]);
  if (!game) return null;

  const won = game.success === 1;
  const roll = fmt.roll(game.provably_fair.roll);
  const back = game.casegame && (
    <a className="btn btn--ghost" href={caseLink(site, game.casegame)} data-testid="back-to-case">
      {t('actions.backToCase')}
    </a>
  );
  const sell = won && game.vinLastItemId != null && (
    <button
      type="button"
      className="btn btn--accent"
      data-testid="sell"
      aria-disabled={!canSell || selling}
      onClick={() => {
        if (!canSell || selling) return;
        focusWhenReady(nextStepAfterGame);
        actor.send({ type: 'user.sell' });
      }}
    >
      {t('actions.sell', { price: fmt.money(game.price) })}
    </button>
  );
  const ret = (
    <button
      type="button"
      className="btn btn--ghost"
      data-testid="return"
      aria-disabled={selling}
      onClick={() => {
        if (selling) return;
        focusWhenReady(nextStepAfterGame);
        actor.send({ type: 'user.return' });
      }}
    >
      {t('actions.return')}
    </button>
  );
  const tickets = game.tickets > 0 && (
    <p className="result__tickets" data-testid="result-tickets">
      {t('result.tickets', { count: game.tickets })}
    </p>
  );
  // The won item's rarity colour, for the glow of a win (app.css).
  const glow = rarityClass(game.quality);
  const rarity = <p className="result__rarity">{rarityName(t, game.quality)}</p>;

  if (site.resultPanel === 'cs') {
    const href = rollCheckPath(site.lang, game.provably_fair.roll_id);
    return (
      <div
        className={`result result--cs ${won ? 'result--win' : 'result--loss'}${glow}`}
        data-testid="result-panel"
        data-outcome={won ? 'win' : 'loss'}
      >
        <h2 className="result__title" tabIndex={-1} ref={heading}>
          {t(won ? 'result.csTitleWin' : 'result.csTitleLoss')}
        </h2>
        <div className="result__item">
          <img src={game.img} alt="" width="160" height="120" />
          <div>
            <p className="result__name">{game.item}</p>
            {rarity}
            <p className="result__price">{fmt.money(game.price)}</p>
          </div>
        </div>
        <dl className="result__facts">
          <div>
            <dt>{t('result.roll')}</dt>
            <dd className="num" data-testid="result-roll">
              {roll}
            </dd>
          </div>
          <div>
            <dt>{t('result.chance')}</dt>
            <dd className="num" data-testid="result-chance">
              {fmt.chance(game.provably_fair.chance)}
            </dd>
          </div>
        </dl>
        {tickets}
        <div className="result__actions">
          <a
            className="btn btn--ghost"
            href={href}
            data-testid="roll-check"
            onClick={(e) => {
              e.preventDefault();
              navigate(href);
            }}
          >
            {t('actions.rollCheck')}
          </a>
          {sell}
          {ret}
          {back}
        </div>
      </div>
    );
  }

  if (won) {
    return (
      <div className={`result result--win${glow}`} data-testid="win-panel">
        <h2 className="result__title" tabIndex={-1} ref={heading}>
          {t('result.win')}
        </h2>
        <div className="result__item result__item--big">
          <img src={game.img} alt="" width="200" height="150" />
          <p className="result__name">{game.item}</p>
          {rarity}
          <p className="result__price">{fmt.money(game.price)}</p>
        </div>
        <p className="result__roll">
          {t('result.roll')} <span className="num">{roll}</span>
        </p>
        {tickets}
        <div className="result__actions">
          {sell}
          {ret}
          {back}
        </div>
      </div>
    );
  }
  return (
    <div className="result result--loss" data-testid="loss-panel">
      <h2 className="result__title" tabIndex={-1} ref={heading}>
        {t('result.loss')}
      </h2>
      <p className="result__line">{t('result.lossLine')}</p>
      <ul className="result__stake" aria-label={t('wheel.stake')}>
        {stake.map((i) => (
          <li key={i.id}>
            <img src={i.image} alt={i.name} title={i.name} width="56" height="42" />
          </li>
        ))}
        {balanceStake > 0 && (
          <li className="result__money num" data-testid="loss-balance-stake">
            {t('result.fromBalance', { amount: fmt.money(toMajor(balanceStake)) })}
          </li>
        )}
      </ul>
      <p className="result__roll">
        {t('result.roll')} <span className="num">{roll}</span>
      </p>
      {tickets}
      <div className="result__actions">
        {ret}
        {back}
      </div>
    </div>
  );
}
