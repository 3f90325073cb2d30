// Who is signed in, for every page.

import { api, ApiError, type User } from "./api";

export let me: User | null = null;
const listeners: (() => void)[] = [];

export function onSession(fn: () => void): void {
  listeners.push(fn);
}

export function setMe(u: User | null): void {
  me = u;
  listeners.forEach((fn) => fn());
}

/**
 * load asks the server who is signed in (nobody: 401). A browser without
 * the session's CSRF cookie (readable by the page, and as long-lived as
 * the session) is signed out: it does not ask, and logs no refusal.
 */
export async function load(): Promise<void> {
  if (!document.cookie.split(";").some((c) => c.trim().startsWith("chancery_csrf="))) {
    me = null;
    return;
  }
  try {
    me = await api.me();
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) throw e;
    me = null;
  }
}
