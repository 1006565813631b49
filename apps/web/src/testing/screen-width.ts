import { afterEach } from 'vitest';

/**
 * jsdom has no layout and no `matchMedia`, so components that choose a layout by width
 * (lib/use-media-query.ts) take their fallback, the wide one. This answers `(min-width: N px)`
 * and `(max-width: N px)` queries as a window `width` pixels wide would, until the test ends.
 */
export function setScreenWidth(width: number) {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    // What use-media-query.ts reads; the width never changes during a test.
    const list = { matches, media: query, addEventListener() {}, removeEventListener() {} };
    return list as unknown as MediaQueryList;
  };
}

afterEach(() => {
  Reflect.deleteProperty(window, 'matchMedia');
});
