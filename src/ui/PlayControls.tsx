/** The play button and the mirror, sound and fast-spin toggles near the wheel. */
import { useTranslation } from '../i18n/useTranslation.ts';
import { playBlocker } from '../machines/game.ts';
import { FastIcon, MirrorIcon, SoundOffIcon, SoundOnIcon } from './icons.tsx';
import { PageActor } from './pageActor.ts';
import { sounds } from './sounds.ts';

/** Play, mirror, sound, fast spin, and why Play is off when the chosen game cannot be played. */
export function PlayControls() {
  const { t } = useTranslation();
  const actor = PageActor.useActorRef();
  const canPlay = PageActor.useSelector((s) => s.can({ type: 'user.play' }));
  const playing = PageActor.useSelector((s) => s.matches('playing'));
  const canMirror = PageActor.useSelector((s) => s.can({ type: 'user.mirror' }));
  const rollUnder = PageActor.useSelector((s) => s.context.rollUnder);
  const sound = PageActor.useSelector((s) => s.context.sound);
  const fast = PageActor.useSelector((s) => s.context.fastSpin);
  const blocker = PageActor.useSelector((s) => (s.matches('playing') ? null : playBlocker(s.context)));
  return (
    <>
      <div className="play">
        <button
          type="button"
          className={`iconbtn${rollUnder ? '' : ' iconbtn--on'}`}
          data-testid="mirror"
          aria-pressed={!rollUnder}
          aria-label={t('actions.mirror')}
          title={t('actions.mirror')}
          disabled={!canMirror}
          onClick={() => actor.send({ type: 'user.mirror' })}
        >
          <MirrorIcon />
        </button>
        <button
          type="button"
          className="btn btn--accent btn--play"
          data-testid="play"
          id="play"
          aria-disabled={!canPlay}
          aria-busy={playing}
          aria-describedby={blocker ? 'play-blocked' : undefined}
          onClick={() => {
            // aria-disabled, not disabled: a disabled button drops keyboard focus to the document during the spin.
            if (!canPlay) return;
            if (sound) sounds.warm();
            actor.send({ type: 'user.play' });
          }}
        >
          {playing ? t('actions.playing') : t('actions.play')}
        </button>
        <button
          type="button"
          className={`iconbtn${sound ? ' iconbtn--on' : ''}`}
          data-testid="sound"
          aria-pressed={sound}
          aria-label={t('actions.sound')}
          title={t('actions.sound')}
          onClick={() => actor.send({ type: 'user.toggleSound' })}
        >
          {sound ? <SoundOnIcon /> : <SoundOffIcon />}
        </button>
        <button
          type="button"
          className={`iconbtn${fast ? ' iconbtn--on' : ''}`}
          data-testid="fast-spin"
          aria-pressed={fast}
          aria-label={t('actions.fastSpin')}
          title={t('actions.fastSpin')}
          onClick={() => actor.send({ type: 'user.toggleFastSpin' })}
        >
          <FastIcon />
        </button>
      </div>
      {blocker && (
        <p className="play-blocked" id="play-blocked" data-testid="play-blocked">
          {t(`playBlocked.${blocker}`)}
        </p>
      )}
    </>
  );
}
