#!/usr/bin/env node
// `npx egov ...`: the command line runs from the TypeScript sources, as `npm start` does, through tsx.
import { register } from 'tsx/esm/api';

register();
await import('./egov/main.ts');
