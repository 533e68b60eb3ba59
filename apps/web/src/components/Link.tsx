import type { ReactNode } from 'react';
import { navigate } from '../router.js';

/** An in-app link: a real `<a href>` (keyboard, middle-click) that navigates without a reload. */
export function Link({
  to,
  children,
  current,
  className,
}: {
  to: string;
  children: ReactNode;
  current?: boolean;
  className?: string;
}) {
  return (
    <a
      href={to}
      className={className}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
