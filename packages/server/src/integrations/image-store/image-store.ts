/**
 * Where image files live: local disk (default) or Cloudinary. Services know
 * only this interface; keys are the store's own names for files
 * ("products/ab12….jpg" on disk, a public id on Cloudinary).
 */
export interface ImageStore {
  /** Short stable name stored with each image row. */
  readonly name: 'local' | 'cloudinary';
  /** Stores the bytes under a new random key in `folder` and returns where it is served. */
  put(input: { data: Buffer; extension: string; contentType: string; folder: string }): Promise<PutResult>;
  /** Removes a stored file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The key of a file this store serves at `url`, or null for a URL it does not serve. */
  keyOf(url: string): string | null;
  /** Every stored file, without dimensions where reading them would cost a file read each. */
  listAll(): Promise<StoredFile[]>;
  /** The same files with width, height and format filled in (for a page of the list). */
  describe(files: StoredFile[]): Promise<StoredFile[]>;
  /** Bytes held, against what limit, and bandwidth where the store counts it. */
  usage(): Promise<StoreUsage>;
  /** The folder this app's images live in and the folders inside it. */
  folders(): Promise<{ mainFolder: string; subFolders: string[] }>;
}

export interface PutResult {
  key: string;
  url: string;
  sizeBytes: number;
}

export interface StoredFile {
  key: string;
  url: string;
  sizeBytes: number;
  width: number | null;
  height: number | null;
  format: string;
  createdAt: string;
}

export interface StoreUsage {
  bytes: number;
  limitBytes: number | null;
  /** Null when the store does not count it (local disk). */
  bandwidth: { bytes: number; percentage: number | null } | null;
  /** When the store last computed the figures (Cloudinary), or now. */
  lastUpdated: string;
}

/** The store could not be reached or refused a call: 503 to clients, the cause in the log. */
export class ImageStoreUnavailableError extends Error {}
