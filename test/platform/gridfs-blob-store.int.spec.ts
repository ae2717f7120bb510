import { openGridFsBlobStore } from '../../src/platform/blob-store/gridfs-blob-store';
import { blobStoreContract } from './blob-store.contract';

// Runs only where MongoDB is reachable (docker compose up mongo); registers nothing otherwise.
const url = process.env.MONGODB_URL;
if (url) {
  blobStoreContract('GridFS', () => openGridFsBlobStore(url, 'contract_blobs'));
}
