// The phone's copy of a condition report in IndexedDB (decision 0054): each photo's record and, apart, its bytes (so
// a list never reads them), the parts typed or saved, and photos taken off. Written before anything is sent, with
// strict durability where the browser offers it, so a lost signal, a reload or a crash loses nothing. Browser only.
import type { QueuedDraft, QueuedPhoto, QueuedRemoval } from "~/lib/field-queue";

const NAME = "owner-field";
const VERSION = 1;
type Store = "photos" | "blobs" | "drafts" | "removals";

function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error("IndexedDB request failed"));
  });
}

let opening: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  opening ??= new Promise((resolve, reject) => {
    const request = indexedDB.open(NAME, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore("photos", { keyPath: "id" }).createIndex("visitId", "visitId");
      db.createObjectStore("blobs");
      db.createObjectStore("drafts", { keyPath: "key" }).createIndex("visitId", "visitId");
      db.createObjectStore("removals", { keyPath: "key" }).createIndex("visitId", "visitId");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      opening = null;
      reject(request.error ?? new Error("IndexedDB could not be opened"));
    };
  });
  return opening;
}

async function write(stores: Store[], work: (tx: IDBTransaction) => void): Promise<void> {
  const db = await open();
  const tx = db.transaction(stores, "readwrite", { durability: "strict" });
  work(tx);
  await new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error("IndexedDB write failed"));
    tx.onabort = () => reject(tx.error ?? new Error("IndexedDB write aborted"));
  });
}

async function ofVisit<T>(store: Store, visitId: number): Promise<T[]> {
  const db = await open();
  return done(db.transaction(store).objectStore(store).index("visitId").getAll(visitId) as IDBRequest<T[]>);
}

export const fieldDb = {
  async load(visitId: number) {
    const [photos, drafts, removals] = await Promise.all([
      ofVisit<QueuedPhoto>("photos", visitId),
      ofVisit<QueuedDraft>("drafts", visitId),
      ofVisit<QueuedRemoval>("removals", visitId),
    ]);
    return { photos, drafts, removals };
  },
  /** A new photo: its bytes and its record in one transaction, before it is shown or sent. */
  addPhoto(photo: QueuedPhoto, blob: Blob) {
    return write(["photos", "blobs"], (tx) => {
      tx.objectStore("blobs").put(blob, photo.id);
      tx.objectStore("photos").put(photo);
    });
  },
  putPhoto(photo: QueuedPhoto) {
    return write(["photos"], (tx) => tx.objectStore("photos").put(photo));
  },
  /** The server has it: the bytes go, the record stays (the page shows its thumbnail until the server lists it). */
  dropBlob(id: string) {
    return write(["blobs"], (tx) => tx.objectStore("blobs").delete(id));
  },
  async blob(id: string): Promise<Blob | undefined> {
    const db = await open();
    return done(db.transaction("blobs").objectStore("blobs").get(id) as IDBRequest<Blob | undefined>);
  },
  removePhoto(id: string) {
    return write(["photos", "blobs"], (tx) => {
      tx.objectStore("photos").delete(id);
      tx.objectStore("blobs").delete(id);
    });
  },
  putDraft(draft: QueuedDraft) {
    return write(["drafts"], (tx) => tx.objectStore("drafts").put(draft));
  },
  deleteDraft(key: string) {
    return write(["drafts"], (tx) => tx.objectStore("drafts").delete(key));
  },
  putRemoval(removal: QueuedRemoval) {
    return write(["removals"], (tx) => tx.objectStore("removals").put(removal));
  },
  deleteRemoval(key: string) {
    return write(["removals"], (tx) => tx.objectStore("removals").delete(key));
  },
};
