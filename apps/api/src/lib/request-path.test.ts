import { describe, expect, it } from 'vitest';
import { normalisedPath } from './request-path';

describe('normalisedPath', () => {
  it.each([
    ['/api/v1/app/config', '/api/v1/app/config'],
    ['/%61pi/v1/%61pp/config', '/api/v1/app/config'],
    ['/api/v1/app/config?x=/dev/&y=1#top', '/api/v1/app/config'],
    ['http://karta.example:8080/api/v1/app/config?x=1', '/api/v1/app/config'],
    ['HTTPS://karta.example', '/'],
    ['//api///v1//app/config', '/api/v1/app/config'],
    ['/x/../api/./v1/app/config', '/api/v1/app/config'],
    ['/%2e%2e/%2E/api/v1/', '/api/v1/'],
    ['/../../etc', '/etc'],
    ['/x/..', '/'],
    // Kept escaped, as the router keeps them: a `/` or `?` inside a segment is not a separator.
    ['/api%2Fv1/app/config', '/api%2Fv1/app/config'],
    ['/api/a%3Fb', '/api/a%3Fb'],
    ['/%2561pi/v1', '/%2561pi/v1'],
    // Case is the router's business: it matches exactly.
    ['/API/v1/app/config', '/API/v1/app/config'],
    // Not valid percent-encoding: decided on as sent.
    ['/%zz/api', '/%zz/api'],
    ['/%E0%A4%A/api', '/%E0%A4%A/api'],
  ])('%s is %s', (target, path) => {
    expect(normalisedPath(target)).toBe(path);
  });
});
