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

/** load asks the server who is signed in (nobody: 401). */
export async function load(): Promise<void> {
  try {
    me = await api.me();
  } catch (e) {
    if (!(e instanceof ApiError && e.status === 401)) throw e;
    me = null;
  }
}
