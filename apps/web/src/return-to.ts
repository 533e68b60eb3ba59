// Read once at start-up: the sign-in page may change the address before the user signs in.
const requested = new URLSearchParams(window.location.search).get('return_to');

/**
 * Where to go after signing in when a server page sent the user here (an app's consent page,
 * `/oauth/consent/…`), or null. Only that path is accepted, so the parameter cannot send anyone
 * to another site.
 */
export function returnTo(): string | null {
  return requested && /^\/oauth\/consent\/[\w-]+(\?[\w=&-]*)?$/.test(requested) ? requested : null;
}
