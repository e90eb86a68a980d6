// One IndexedDB object store (keyed by `id`), opened for each transaction and closed after it, so
// that no open connection blocks another tab's upgrade. The outbox and private sessions keep theirs here.
export function objectStore(database, store) {
  const open = () => new Promise((resolve, reject) => {
    const request = indexedDB.open(database, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath: "id" });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  /** Runs `work(objectStore)` in a transaction; resolves to its request's result once committed. */
  return async function transact(mode, work) {
    const db = await open();
    try {
      return await new Promise((resolve, reject) => {
        const tx = db.transaction(store, mode), result = work(tx.objectStore(store));
        tx.oncomplete = () => resolve(result?.result);
        tx.onerror = () => reject(tx.error);
      });
    } finally { db.close(); }
  };
}
