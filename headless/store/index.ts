/** The file-backed store: the app's Dexie database and store port, durable in a directory. */
export { openFileStore, type FileStore, type FileStoreOptions, type FileStoreStats } from './fileStore';
export { StoreLockedError } from './lock';
export { StoreDamagedError, clerkTime, type AcceptedLoss, type StoreLoss } from './storeTrust';
