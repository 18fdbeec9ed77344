import { useEffect, useState, type Ref } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import type { RotateResponse } from '../../api/contract.ts';
import { sha256HexWeb } from '../../domain/webcrypto.ts';
import { seedVerifierPath } from '../../fair/paths.ts';
import { CheckRow } from './CheckRow.tsx';
import { CopyValue } from './CopyValue.tsx';
import { FairLink } from './FairLink.tsx';

interface Props {
  rotation: RotateResponse;
  /** The hashes the panel showed before the rotation. */
  shownHash: string;
  shownNextHash: string;
  lang: string;
  /** Focus lands here after the rotation that revealed the seed. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** A seed just revealed, checked in the browser against what the panel showed before. */
export function RevealedSeed({ rotation, shownHash, shownNextHash, lang, headingRef }: Props) {
  const { t } = useTranslation('fair');
  // A new rotation reads as pending until its own check ends.
  const [check, setCheck] = useState<{ rotation: RotateResponse; shownHash: string; ok: boolean } | null>(null);
  useEffect(() => {
    let current = true;
    // The commitment is the hash shown before the games, not the one sent with the seed.
    sha256HexWeb(rotation.revealed_server_seed).then((hash) => {
      const ok = hash === shownHash && hash === rotation.revealed_server_seed_hash;
      if (current) setCheck({ rotation, shownHash, ok });
    });
    return () => {
      current = false;
    };
  }, [rotation, shownHash]);
  const hashOk = check && check.rotation === rotation && check.shownHash === shownHash ? check.ok : null;
  const games = rotation.games;
  return (
    <div className="fair-panel fair-revealed" data-testid="seed-revealed">
      <h3 ref={headingRef} tabIndex={-1}>
        {t('seeds.revealedHeading')}
      </h3>
      <dl className="fair-fields">
        <dt>{t('game.serverSeed')}</dt>
        <dd>
          <CopyValue value={rotation.revealed_server_seed} what={t('game.serverSeed')} testId="seed-revealed-seed" />
        </dd>
        <dt>{t('seeds.revealedHash')}</dt>
        <dd>
          <CopyValue value={rotation.revealed_server_seed_hash} what={t('seeds.revealedHash')} />
        </dd>
        <dt>{t('seeds.revealedClientSeed')}</dt>
        <dd>
          <CopyValue value={rotation.revealed_client_seed} what={t('seeds.revealedClientSeed')} />
        </dd>
      </dl>
      <p data-testid="seed-revealed-games">
        {games === 0 ? t('seeds.noGames') : t('seeds.games', { count: games, last: games - 1 })}
      </p>
      <ul className="fair-checks">
        <CheckRow testId="seed-revealed-hash-check" label={t('seeds.matchesShown')} outcome={hashOk} />
        <CheckRow
          testId="seed-promoted-check"
          label={t('seeds.nextPromoted')}
          outcome={rotation.state.server_seed_hash === shownNextHash}
        />
      </ul>
      {games > 0 && (
        <p>
          <FairLink
            href={seedVerifierPath(lang, rotation.revealed_server_seed, rotation.revealed_client_seed)}
            testId="seed-revealed-verify"
          >
            {t('seeds.verifyGames')}
          </FairLink>
        </p>
      )}
    </div>
  );
}
