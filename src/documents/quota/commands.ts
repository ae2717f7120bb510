export type SetQuota = { type: 'SetQuota'; principal: string; storageMaximum: number; clientId: string; at: string };
