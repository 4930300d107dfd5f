/** The moment the test build and the test browser both treat as now (a Monday morning). */
export const FIXED_NOW = '2026-11-23T10:00:00+01:00';
