/**
 * Where image files live. The local-disk store is the default; a Cloudinary
 * store comes with the storage issue. Services know only this interface.
 */
export interface ImageStore {
  /** Short stable name stored with each image row ("local", "cloudinary"). */
  readonly name: string;
  /** Stores the bytes under a new random key in `folder` and returns where it is served. */
  put(input: { data: Buffer; extension: string; contentType: string; folder: string }): Promise<PutResult>;
  /** Removes a stored file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Stored files, newest first. */
  list(options?: {
    limit?: number;
    offset?: number;
  }): Promise<{ files: StoredFile[]; total: number; hasMore: boolean }>;
  /** How much the store holds. */
  usage(): Promise<{ files: number; bytes: number }>;
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
  createdAt: string;
}
