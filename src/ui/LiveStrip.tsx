/**
 * The live strip: the site's last upgrades as the server's feed told them (never invented), newest first, each a
 * link to its roll's verifier. Wins carry their item's rarity colour. A signed-in player can hide their name.
 */
import { memo } from 'react';
import type { LiveGame } from '../api/live.ts';
import { rollVerifierPath } from '../fair/paths.ts';
import { useTranslation } from '../i18n/useTranslation.ts';
import { rarityClass } from './ItemCell.tsx';
import { PageActor } from './pageActor.ts';
import { navigate } from './routes.ts';
import { useFormat } from './useFormat.ts';

/** One game of the strip. */
const LiveCard = memo(function LiveCard({ game, lang }: { game: LiveGame; lang: string }) {
  const { t } = useTranslation();
  const fmt = useFormat();
  const won = game.success === 1;
  const outcome = t(won ? 'live.won' : 'live.lost');
  const href = rollVerifierPath(lang, game.roll_id);
  return (
    <li className={`live__item${won ? ` live__item--win${rarityClass(game.type)}` : ' live__item--loss'}`}>
      <a
        className="live__link"
        href={href}
        onClick={(e) => {
          // A plain click stays in the page (as the result panel's link does); modified clicks open a tab.
          if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
          e.preventDefault();
          navigate(href);
        }}
        data-testid="live-game"
        data-roll-id={game.roll_id}
      >
        <img className="live__img" src={game.img} alt="" width={40} height={40} loading="lazy" decoding="async" />
        {/* The name is the visible text (a speech-input player says what they see), with the outcome beside it. */}
        <span className="live__text">
          <span className="sr-only">{outcome}: </span>
          <span className="live__price num">{fmt.money(game.price)}</span>
          <span className="live__name" title={game.item}>
            {game.item}
          </span>
          <span className={`live__who${game.hidden ? ' live__who--hidden' : ''}`}>
            {game.name} · {fmt.chance(game.chance)}
          </span>
          <span className="sr-only">. {t('live.check')}</span>
        </span>
      </a>
    </li>
  );
});

/** The player's switch for their own name in the feed. */
function HideNameToggle() {
  const { t } = useTranslation();
  const actor = PageActor.useActorRef();
  const user = PageActor.useSelector((s) => s.context.user);
  if (!user) return null;
  const hidden = user.hide_name === true;
  return (
    <button
      type="button"
      className={`live__hide${hidden ? ' live__hide--on' : ''}`}
      aria-pressed={hidden}
      data-testid="live-hide-name"
      onClick={() => actor.send({ type: 'user.toggleHideName' })}
    >
      {t('live.hideName')}
    </button>
  );
}

/** The strip above the page (a compact row on narrow screens). */
export function LiveStrip() {
  const { t } = useTranslation();
  const games = PageActor.useSelector((s) => s.context.live);
  const lang = PageActor.useSelector((s) => s.context.site.lang);
  return (
    <section className="live" aria-labelledby="live-title" data-testid="live-strip">
      <div className="live__head">
        <h2 className="live__title" id="live-title">
          <span className="live__dot" aria-hidden="true" />
          {t('live.title')}
        </h2>
        <HideNameToggle />
      </div>
      {games.length === 0 ? (
        <p className="live__empty muted">{t('live.empty')}</p>
      ) : (
        <ol className="live__list">
          {games.map((g) => (
            <LiveCard key={g.id} game={g} lang={lang} />
          ))}
        </ol>
      )}
    </section>
  );
}
