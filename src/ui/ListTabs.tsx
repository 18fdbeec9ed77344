/**
 * Below 1200 px: tabs under the wheel between "Your items" and "Upgrade to", so the targets are one tap from Play
 * instead of a screen of inventory below it (app.css hides the other list and, on desktop, the tabs).
 */
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/useTranslation.ts';
import type { Side } from '../machines/events.ts';

const SIDES: readonly Side[] = ['left', 'right'];

/** The two list tabs (the WAI-ARIA tabs pattern: arrow keys move between them). */
export function ListTabs({ shown, onShow }: { shown: Side; onShow: (side: Side) => void }) {
  const { t } = useTranslation();
  const tabs = useRef<Partial<Record<Side, HTMLButtonElement | null>>>({});
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const next = shown === 'left' ? 'right' : 'left';
    onShow(next);
    tabs.current[next]?.focus();
  };
  return (
    <div className="tabs" role="tablist" aria-label={t('layout.lists')} onKeyDown={onKeyDown}>
      {SIDES.map((side) => (
        <button
          key={side}
          ref={(el) => {
            tabs.current[side] = el;
          }}
          type="button"
          role="tab"
          className="tabs__tab"
          id={`tab-${side}`}
          aria-controls={`panel-${side}`}
          aria-selected={shown === side}
          tabIndex={shown === side ? 0 : -1}
          data-testid={`tab-${side}`}
          onClick={() => onShow(side)}
        >
          {t(side === 'left' ? 'inventory.yours' : 'inventory.targets')}
        </button>
      ))}
    </div>
  );
}
