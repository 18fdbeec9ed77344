/** Verifies inputs typed by hand, entirely in the browser. */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';
import { isWin } from '../../domain/chance.ts';
import { computeRoll, rollMessage, type Roll } from '../../domain/roll.ts';
import { hmacSha256Web, sha256HexWeb } from '../../domain/webcrypto.ts';
import { formatThousandths } from '../../fair/format.ts';
import {
  parseVerifyInput,
  type VerifyInput,
  type VerifyInputError,
  type VerifyInputText,
} from '../../fair/parseVerifyInput.ts';
import { CopyValue } from './CopyValue.tsx';
import { useFairFormat } from './useFairFormat.ts';

const EMPTY: VerifyInputText = { serverSeed: '', clientSeed: '', nonce: '', chance: '', rollUnder: '' };

/** What one hand verification computed. */
interface HandResult {
  input: VerifyInput;
  hash: string;
  roll: Roll;
}

/** The form and its result. */
export function HandVerifyForm({ initial }: { initial?: Partial<VerifyInputText> }) {
  const { t } = useTranslation('fair');
  const id = useId();
  const [text, setText] = useState<VerifyInputText>({ ...EMPTY, ...initial });
  const [errors, setErrors] = useState<VerifyInputError[]>([]);
  const [result, setResult] = useState<HandResult | null>(null);
  // Only the latest submission shows its result, however the hashing interleaves.
  const latest = useRef(0);

  const set = (field: keyof VerifyInputText) => (value: string) => setText((prev) => ({ ...prev, [field]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const run = ++latest.current;
    const parsed = parseVerifyInput(text);
    if (!parsed.ok) {
      setErrors(parsed.errors);
      setResult(null);
      return;
    }
    setErrors([]);
    const { serverSeed, clientSeed, nonce } = parsed.value;
    const [hash, roll] = await Promise.all([
      sha256HexWeb(serverSeed),
      computeRoll(hmacSha256Web, serverSeed, clientSeed, nonce),
    ]);
    if (run === latest.current) setResult({ input: parsed.value, hash, roll });
  };

  const field = (
    name: keyof VerifyInputText,
    label: string,
    props: { inputMode?: 'numeric' | 'decimal'; mono?: boolean } = {},
  ) => {
    const invalid = errors.includes(name);
    return (
      <div className="fair-field">
        <label htmlFor={`${id}-${name}`}>{label}</label>
        <input
          id={`${id}-${name}`}
          name={name}
          className={props.mono ? 'fair-mono' : undefined}
          value={text[name]}
          inputMode={props.inputMode}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid}
          aria-describedby={invalid ? `${id}-${name}-error` : undefined}
          onChange={(e) => set(name)(e.target.value)}
        />
        {invalid && <FieldError id={`${id}-${name}-error`} field={name} />}
      </div>
    );
  };

  return (
    <section className="fair-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('form.heading')}</h2>
      <p className="fair-muted">{t('form.hint')}</p>
      <form className="fair-form" data-testid="verify-form" noValidate onSubmit={submit}>
        {field('serverSeed', t('form.serverSeed'), { mono: true })}
        {field('clientSeed', t('form.clientSeed'), { mono: true })}
        {field('nonce', t('form.nonce'), { inputMode: 'numeric' })}
        {field('chance', t('form.chance'), { inputMode: 'decimal' })}
        <div className="fair-field">
          <label htmlFor={`${id}-rollUnder`}>{t('form.direction')}</label>
          <select
            id={`${id}-rollUnder`}
            name="rollUnder"
            value={text.rollUnder}
            aria-invalid={errors.includes('rollUnder')}
            onChange={(e) => set('rollUnder')(e.target.value)}
          >
            <option value="">{t('form.directionNone')}</option>
            <option value="1">{t('direction.shortUnder')}</option>
            <option value="0">{t('direction.shortOver')}</option>
          </select>
          {errors.includes('rollUnder') && <FieldError id={`${id}-rollUnder-error`} field="rollUnder" />}
        </div>
        <button type="submit" className="fair-button fair-button--accent">
          {t('form.submit')}
        </button>
      </form>
      {result && <HandResultView result={result} />}
    </section>
  );
}

function FieldError({ id, field }: { id: string; field: VerifyInputError }) {
  const { t } = useTranslation('fair');
  return (
    <p id={id} className="fair-field__error" role="alert" data-testid={`verify-form-error-${field}`}>
      {t(`errors.${field}`)}
    </p>
  );
}

function HandResultView({ result }: { result: HandResult }) {
  const { t } = useTranslation('fair');
  const fmt = useFairFormat();
  const { input, hash, roll } = result;
  const win = input.bet ? isWin(roll.value, input.bet.chance, input.bet.rollUnder) : null;
  return (
    <dl
      className="fair-fields fair-form-result"
      data-testid="verify-form-result"
      data-roll={formatThousandths(roll.value)}
      data-win={win === null ? '' : String(win)}
    >
      <dt>{t('form.hash')}</dt>
      <dd>
        <CopyValue value={hash} what={t('form.hash')} testId="verify-form-hash" />
        <span className="fair-muted fair-hint">{t('form.hashHint')}</span>
      </dd>
      <dt>{t('game.message')}</dt>
      <dd className="fair-mono">{rollMessage(input.clientSeed, input.nonce, roll.round)}</dd>
      <dt>{t('game.roundChunk')}</dt>
      <dd>{t('game.roundChunkValue', { round: roll.round, chunk: roll.chunk })}</dd>
      <dt>{t('form.roll')}</dt>
      <dd className="fair-number fair-big" data-testid="verify-form-roll">
        {fmt.thousandths(roll.value)}
      </dd>
      <dt>{t('form.result')}</dt>
      <dd data-testid="verify-form-outcome" className={win === null ? 'fair-muted' : win ? 'fair-win' : 'fair-loss'}>
        {win === null ? t('form.noBet') : t(win ? 'result.win' : 'result.loss')}
      </dd>
    </dl>
  );
}
