// A minimal window with localStorage and the storage event, for modules that read the browser at load
// (the session store). Tests run in Node; vitest.config.ts installs it before every test file.
class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

const target = new EventTarget();
const fakeWindow = Object.assign(target, { localStorage: new MemoryStorage() });
Object.assign(globalThis, { window: fakeWindow });

export const storage = fakeWindow.localStorage;

/** What the browser does in this tab when another tab writes the key. */
export function dispatchStorageEvent(key: string | null) {
  const event = new Event('storage');
  Object.defineProperty(event, 'key', { value: key });
  target.dispatchEvent(event);
}
