import { openMongoDocumentStore } from '../../src/platform/document-store/mongo-document-store';
import { documentStoreContract } from './document-store.contract';

// Runs only where a MongoDB replica set is reachable (docker compose up mongo); registers nothing otherwise.
const url = process.env.MONGODB_URL;
if (url) {
  documentStoreContract('MongoDB', () => openMongoDocumentStore(url));
}
