import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';

/** A value players copy into their own checker; the button shows only where the clipboard API exists. */
export function CopyValue({ value, what, testId }: { value: string; what: string; testId?: string }) {
  const { t } = useTranslation('fair');
  const [copied, setCopied] = useState(false);
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  const copy = () => {
    // Refused: the value stays selectable by hand.
    clipboard?.writeText(value).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <span className="fair-copy">
      <code className="fair-mono" data-testid={testId}>
        {value}
      </code>
      {clipboard && (
        <button
          type="button"
          className="fair-copy__button"
          aria-label={t(copied ? 'copiedWhat' : 'copyWhat', { what })}
          onClick={copy}
          onBlur={() => setCopied(false)}
        >
          {copied ? t('copied') : t('copy')}
        </button>
      )}
    </span>
  );
}
