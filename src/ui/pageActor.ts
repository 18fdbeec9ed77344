/** The one page actor, shared through React context: components read it with narrow selectors and send events. */
import { createActorContext } from '@xstate/react';
import { upgradeMachine } from '../machines/upgradeMachine.ts';

export const PageActor = createActorContext(upgradeMachine);
