import type { JSX, ReactNode } from 'react';
import { Link } from 'react-router';

/** Whether an address leaves the app: it has a scheme (`https:`, `mailto:`) or a host (`//host/...`). */
export function isUrlExternal(url: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('//');
}

export interface GenericLinkProps {
  to: string;
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
  /** External links open in a new tab (without access to this one). */
  opensNewTab?: boolean;
}

/** Superset's link helper (spec 001 §2): an external address is a plain link, any other is in-app navigation. */
export function GenericLink({ to, children, opensNewTab = false, ...rest }: GenericLinkProps): JSX.Element {
  if (isUrlExternal(to)) {
    const newTab = opensNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {};
    return (
      <a href={to} {...newTab} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} {...rest}>
      {children}
    </Link>
  );
}
