import type { ReactNode } from 'react';
import { navigate } from '../routes.ts';

/** A link to another page of the SPA, followed without reloading (the route then focuses its heading). */
export function FairLink({ href, testId, children }: { href: string; testId?: string; children: ReactNode }) {
  return (
    <a
      href={href}
      data-testid={testId}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}
