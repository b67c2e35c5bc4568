import { getStore, removeStore, setStore } from '../util/storage';

/** The lock survives a reload: flag and password are stored like Saber's isLock/lockPasswd. */
export function storeLock(password: string): void {
  setStore({ name: 'isLock', content: true });
  setStore({ name: 'lockPasswd', content: password });
}

export function clearStoredLock(): void {
  removeStore('isLock');
  removeStore('lockPasswd');
}

export function readStoredLockPassword(): string {
  return getStore<boolean>('isLock') ? (getStore<string>('lockPasswd') ?? '') : '';
}
