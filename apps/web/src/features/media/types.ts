import type { DependencyHealth, HealthReport } from '@app/contracts';

/** A service that did not answer the health check in time. */
export interface MissingServiceReport {
  service: string;
  ok: false;
  error: string;
}

/**
 * GET /api/health as the gateway answers it (200 when all is well, 503 with the same body
 * otherwise). Only the internal network gets the reports; everyone else gets `ok` alone.
 */
export interface SystemHealth {
  ok: boolean;
  gateway?: HealthReport;
  services?: Record<string, HealthReport | MissingServiceReport>;
}

export type { DependencyHealth };
