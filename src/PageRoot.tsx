/**
 * The page's React tree, one definition for both renders: the browser's (src/main.tsx, which hydrates the
 * server's HTML or creates the root) and the server's first screen (src/entry-server.tsx, the statechart's
 * loading state as HTML in the SPA shell). Whatever differs between the two must come in through the props.
 */
import { StrictMode } from 'react';
import type { i18n } from 'i18next';
import type { ActorOptions, AnyActorLogic } from 'xstate';
import { I18nextProvider } from './i18n/useTranslation.ts';
import type { PageInput } from './machines/context.ts';
import { upgradeMachine } from './machines/upgradeMachine.ts';
import { App } from './ui/App.tsx';
import { PageActor } from './ui/pageActor.ts';

/** The page actor's options: its input and, in development, the inspector. */
export interface PageOptions {
  input: PageInput;
  inspect?: ActorOptions<AnyActorLogic>['inspect'];
}

/** The page: i18next, the page actor (started by its provider's effect, so never on the server), the app. */
export function PageRoot({ i18n, options }: { i18n: i18n; options: PageOptions }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <PageActor.Provider logic={upgradeMachine} options={options}>
          <App />
        </PageActor.Provider>
      </I18nextProvider>
    </StrictMode>
  );
}
