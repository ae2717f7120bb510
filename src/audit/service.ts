/** The audit service's name (registry rights). It keeps no state and appends no events of its own. */
export const AUDIT_SERVICE = 'audit';
