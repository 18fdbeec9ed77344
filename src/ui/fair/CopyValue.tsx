/** A seed, hash or other value players copy into their own checker: monospace, with a copy button. */
import { useState } from 'react';
import { useTranslation } from '../../i18n/useTranslation.ts';

/**
 * The value in monospace; the copy button shows only where the browser offers the clipboard API, its name saying
 * which value it copies (`what`, the value's label).
 */
export function CopyValue({ value, what, testId }: { value: string; what: string; testId?: string }) {
  const { t } = useTranslation('fair');
  const [copied, setCopied] = useState(false);
  const clipboard = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
  const copy = () => {
    // A refused clipboard (permissions) leaves the button as it was; the value stays selectable by hand.
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
