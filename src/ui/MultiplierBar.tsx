/** The multiplier value (target / whole stake, else the selected button) and the buttons x1.2 ... x10. */
import { useTranslation } from '../i18n/useTranslation.ts';
import { MULTIPLIERS } from '../domain/constants.ts';
import { litMultiplier, shownMultiplier } from '../machines/game.ts';
import { PageActor } from './pageActor.ts';
import { useFormat } from './useFormat.ts';

/** Multiplier bar. */
export function MultiplierBar() {
  const { t } = useTranslation();
  const fmt = useFormat();
  const actor = PageActor.useActorRef();
  const value = PageActor.useSelector((s) => shownMultiplier(s.context));
  const lit = PageActor.useSelector((s) => litMultiplier(s.context));
  const enabled = PageActor.useSelector((s) => s.can({ type: 'user.multiplier', value: 1.2 }));
  return (
    <div className="mult">
      <span className="mult__value" data-testid="multiplier" data-value={value} aria-label={t('wheel.multiplier')}>
        {fmt.multiplier(value)}
      </span>
      <div className="mult__buttons" role="group" aria-label={t('wheel.multiplier')}>
        {MULTIPLIERS.map((m) => (
          // Only the button that chose the target is on: a target chosen by hand moves it off all.
          <button
            key={m}
            type="button"
            className={`chip${lit === m ? ' chip--on' : ''}`}
            data-testid={`multiplier-${m}`}
            aria-pressed={lit === m}
            aria-label={t('actions.multiplier', { value: fmt.multiplier(m) })}
            disabled={!enabled}
            onClick={() => actor.send({ type: 'user.multiplier', value: m })}
          >
            {fmt.multiplier(m)}
          </button>
        ))}
      </div>
    </div>
  );
}
