import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { RotateResponse } from '../../api/contract.ts';
import { changeClientSeed, rotateSeeds } from '../../api/fair.ts';
import { isValidClientSeed } from '../../domain/roll.ts';
import { CopyValue } from './CopyValue.tsx';
import { RevealedSeed } from './RevealedSeed.tsx';
import './fair.css';
import { AuditLink } from './AuditLink.tsx';
import type { FairRecords } from './useFairRecords.ts';

/** A rotation and the hashes the panel showed just before it. */
interface Reveal {
  rotation: RotateResponse;
  shownHash: string;
  shownNextHash: string;
}

interface Props {
  /** The seeds and the one way to rotate them (useFairRecords). */
  records: Pick<FairRecords, 'seeds' | 'rotate'>;
  /** Called after each rotation, including a client seed change. */
  onRotated?: (rotation: RotateResponse) => void;
}

/** The player's seed controls; signed-out players get the server's message. */
export function SeedPanel({ records, onRotated }: Props) {
  const { t, i18n } = useTranslation('fair');
  const id = useId();
  const [actionError, setActionError] = useState<string | null>(null);
  // What the player typed; null shows the saved client seed.
  const [typed, setTyped] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [reveal, setReveal] = useState<Reveal | null>(null);
  const revealHeading = useRef<HTMLHeadingElement>(null);
  // The rotating button stays focusable while busy; once the seed is revealed, focus moves to it.
  useEffect(() => {
    if (reveal) revealHeading.current?.focus();
  }, [reveal]);

  const { seeds } = records;
  if (seeds.kind === 'error') {
    return (
      <section className="fair fair-panel fair-alert" data-testid="seed-panel" role="alert">
        {t('seeds.loadError', { msg: seeds.message })}
      </section>
    );
  }
  if (seeds.kind === 'loading')
    return (
      <section className="fair fair-panel fair-muted" data-testid="seed-panel" aria-busy="true">
        {t('loading')}
      </section>
    );

  const state = seeds.data;
  const clientSeed = typed ?? state.client_seed;
  const seedValid = isValidClientSeed(clientSeed);
  const rotate = async (action: () => Promise<RotateResponse>) => {
    if (busy) return;
    setBusy(true);
    setActionError(null);
    try {
      const rotation = await records.rotate(action);
      setReveal({ rotation, shownHash: state.server_seed_hash, shownNextHash: state.next_server_seed_hash });
      setTyped(null);
      onRotated?.(rotation);
    } catch (err) {
      setActionError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };
  const saveClientSeed = (event: FormEvent) => {
    event.preventDefault();
    if (seedValid && clientSeed !== state.client_seed) void rotate(() => changeClientSeed(clientSeed));
  };

  return (
    <section className="fair fair-panel" data-testid="seed-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('seeds.heading')}</h2>
      <dl className="fair-fields">
        <dt>{t('seeds.current')}</dt>
        <dd>
          <CopyValue value={state.server_seed_hash} what={t('seeds.current')} testId="seed-current-hash" />
        </dd>
        <dt>{t('seeds.next')}</dt>
        <dd>
          <CopyValue value={state.next_server_seed_hash} what={t('seeds.next')} testId="seed-next-hash" />
        </dd>
        <dt>{t('seeds.nonce')}</dt>
        <dd className="fair-number" data-testid="seed-nonce">
          {state.nonce}
        </dd>
      </dl>
      <form className="fair-seed-form" onSubmit={saveClientSeed} noValidate>
        <div className="fair-field">
          <label htmlFor={`${id}-client`}>{t('seeds.clientSeed')}</label>
          <input
            id={`${id}-client`}
            className="fair-mono"
            data-testid="seed-client-input"
            value={clientSeed}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!seedValid}
            aria-describedby={seedValid ? undefined : `${id}-client-error`}
            onChange={(e) => setTyped(e.target.value)}
          />
          {!seedValid && (
            <p id={`${id}-client-error`} className="fair-field__error" role="alert" data-testid="seed-client-error">
              {t('errors.clientSeed')}
            </p>
          )}
        </div>
        <div className="fair-seed-actions">
          <button
            type="submit"
            className="fair-button"
            data-testid="seed-client-save"
            aria-disabled={busy || !seedValid || clientSeed === state.client_seed}
          >
            {t('seeds.save')}
          </button>
          <button
            type="button"
            className="fair-button fair-button--accent"
            data-testid="seed-rotate"
            aria-disabled={busy}
            onClick={() => void rotate(rotateSeeds)}
          >
            {t('seeds.rotate')}
          </button>
        </div>
      </form>
      <p className="fair-muted">{t('seeds.hint')}</p>
      <p className="fair-muted">
        <AuditLink />
      </p>
      {actionError !== null && (
        <p className="fair-field__error" role="alert" data-testid="seed-action-error">
          {t('seeds.actionError', { msg: actionError })}
        </p>
      )}
      {reveal && <RevealedSeed {...reveal} lang={i18n.language} headingRef={revealHeading} />}
    </section>
  );
}
