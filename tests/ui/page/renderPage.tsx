/** Renders the whole page as main.tsx does, with the wheel swapped for a stub that lands when told to. */
import { render } from '@testing-library/react';
import type { WheelProps } from '../../../src/canvas/wheelTypes.ts';
import { initI18n } from '../../../src/i18n/index.ts';
import { upgradeMachine } from '../../../src/machines/upgradeMachine.ts';
import { variantFrom } from '../../../src/site/variant.ts';
import { App } from '../../../src/ui/App.tsx';
import { PageActor } from '../../../src/ui/pageActor.ts';
import type { PageServer } from './pageServer.ts';

/** The wheel stub: the same props as the real wheel; its 'land' button reports landing like the canvas does. */
export function WheelStub(props: WheelProps) {
  return (
    <div
      data-testid="wheel-stub"
      data-phase={props.phase}
      data-chance={props.chance}
      data-roll={props.roll ?? ''}
      data-roll-under={props.rollUnder ? '1' : '0'}
      data-outcome={props.outcome ?? ''}
      data-label={props.label}
      data-tone={props.tone}
    >
      <span>{props.centreText}</span>
      <button type="button" data-testid="wheel-land" disabled={props.phase !== 'spinning'} onClick={props.onLanded}>
        land
      </button>
    </div>
  );
}

/** Renders the page for the server's variant; `preselect` as if the address were /upgrades/{ids}. */
export async function renderPage(server: PageServer, preselect: number[] = []) {
  const site = variantFrom(await server.site());
  await initI18n(site.lang);
  await import('i18next').then((m) => m.default.loadNamespaces('translation'));
  return render(
    <PageActor.Provider logic={upgradeMachine} options={{ input: { site, preselect, prefs: { sound: false } } }}>
      <App wheel={WheelStub} />
    </PageActor.Provider>,
  );
}
