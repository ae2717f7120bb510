import { useEffect, useState } from 'preact/hooks';

/**
 * Pages are addressed after the # (#/log, #/streams/<id>): the part after it never reaches the server, so
 * nothing typed into a page ends up in a request line or a log.
 */
export type Route = { page: string; argument?: string };

export function currentRoute(): Route {
  const [page = 'log', ...rest] = location.hash.replace(/^#\/?/, '').split('/');
  return { page: page || 'log', argument: rest.length > 0 ? decodeURIComponent(rest.join('/')) : undefined };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(currentRoute);
  useEffect(() => {
    const changed = () => setRoute(currentRoute());
    addEventListener('hashchange', changed);
    return () => removeEventListener('hashchange', changed);
  }, []);
  return route;
}

export const linkTo = (page: string, argument?: string) => `#/${page}${argument === undefined ? '' : `/${encodeURIComponent(argument)}`}`;
