/** The redirect list as hosting rules: every spelling of the old path, one 301 each. */
import { normalisePath } from '../pages/paths';

export interface RedirectRule {
  from: string;
  to: string;
}

export function redirectRules(redirects: { from: string; to: string }[]): RedirectRule[] {
  return redirects.flatMap(({ from, to }) => {
    const path = normalisePath(from);
    const target = normalisePath(to);
    return [
      { from: path, to: target },
      { from: `${path}/`, to: target },
      { from: `${path}.html`, to: target },
      { from: `${path}/index.html`, to: target },
    ];
  });
}
