import 'reflect-metadata';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { collectProcessMetrics } from '@app/server';
import { register } from 'prom-client';
import { parse } from 'yaml';

/**
 * Grafana cannot run here (it is not in Debian), so its provisioned dashboard is checked as
 * data: it parses, reads the provisioned Prometheus, and every metric its queries name is one the
 * apps export. The Prometheus config is checked against the compose file the same way.
 */
const ROOT = join(__dirname, '../..');
const GRAFANA = join(ROOT, 'docker/grafana');

interface Panel {
  title: string;
  datasource?: { uid?: string };
  targets?: { expr: string; datasource?: { uid?: string } }[];
  panels?: Panel[];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (entry === 'node_modules' || entry === 'dist') return [];
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.ts$/.test(entry) && !/\.(spec|int-spec)\.ts$/.test(entry) ? [full] : [];
  });
}

/** Every series the apps can export: the shared registry, Node's own, and the gauges read at scrape time. */
function exportedSeries(): Set<string> {
  collectProcessMetrics();
  const names = new Set<string>(['up']); // Prometheus' own, per target
  for (const metric of register.getMetricsAsArray()) {
    names.add(metric.name);
    const type = (metric as unknown as { type: string }).type;
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(`${metric.name}${suffix}`);
    if (type === 'summary') for (const suffix of ['_sum', '_count']) names.add(`${metric.name}${suffix}`);
  }
  for (const file of [...sourceFiles(join(ROOT, 'libs')), ...sourceFiles(join(ROOT, 'apps'))]) {
    for (const match of readFileSync(file, 'utf8').matchAll(/observeGauge\(\s*'([a-zA-Z_:][a-zA-Z0-9_:]*)'/g)) names.add(match[1]);
  }
  return names;
}

const PROMQL_WORDS = new Set(['by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'bool', 'and', 'or', 'unless', 'offset', 'inf', 'nan']);

/** The metric names a PromQL expression selects: what is left after strings, label matchers, ranges, grouping lists and function names. */
function metricNamesIn(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names: string[] = [];
  for (const match of bare.matchAll(/(?<![\w.])[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const word = match[0];
    const next = bare.slice(match.index + word.length).trimStart();
    if (next.startsWith('(') || PROMQL_WORDS.has(word.toLowerCase())) continue;
    names.push(word);
  }
  return names;
}

function panelsOf(panels: Panel[]): Panel[] {
  return panels.flatMap((panel) => [panel, ...panelsOf(panel.panels ?? [])]);
}

describe('Grafana dashboard and Prometheus config', () => {
  const dashboards = readdirSync(join(GRAFANA, 'dashboards')).filter((f) => f.endsWith('.json'));

  it('reads each PromQL metric name and nothing else', () => {
    expect(metricNamesIn('histogram_quantile(0.99, sum by (le, route) (rate(http_request_duration_seconds_bucket{job="gateway", route!~"a{b}"}[5m])))')).toEqual([
      'http_request_duration_seconds_bucket',
    ]);
    expect(metricNamesIn('sum(up) / count(up offset 5m) and on (job) ws_connections')).toEqual(['up', 'up', 'ws_connections']);
  });

  it('has a dashboard, provisioned from the folder compose mounts, on the provisioned Prometheus', () => {
    expect(dashboards.length).toBeGreaterThan(0);
    const provider = parse(readFileSync(join(GRAFANA, 'provisioning/dashboards/chatmarket.yml'), 'utf8')) as { providers: { options: { path: string } }[] };
    const datasource = parse(readFileSync(join(GRAFANA, 'provisioning/datasources/prometheus.yml'), 'utf8')) as { datasources: { uid: string; url: string }[] };
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, { volumes?: string[] }> };
    const mounts = compose.services.grafana.volumes ?? [];
    expect(mounts).toContain(`./docker/grafana/dashboards:${provider.providers[0].options.path}:ro`);
    expect(mounts).toContain('./docker/grafana/provisioning:/etc/grafana/provisioning:ro');
    expect(datasource.datasources.map((d) => [d.uid, d.url])).toEqual([['prometheus', 'http://prometheus:9090']]);
    for (const file of dashboards) {
      const dashboard = JSON.parse(readFileSync(join(GRAFANA, 'dashboards', file), 'utf8')) as { uid: string; panels: Panel[] };
      expect(dashboard.uid).toMatch(/^[\w-]{1,40}$/);
      for (const panel of panelsOf(dashboard.panels).filter((p) => p.targets)) {
        expect({ panel: panel.title, uid: panel.datasource?.uid }).toEqual({ panel: panel.title, uid: 'prometheus' });
      }
    }
  });

  it.each(dashboards)('%s: every metric its queries use is one the apps export', (file) => {
    const exported = exportedSeries();
    const dashboard = JSON.parse(readFileSync(join(GRAFANA, 'dashboards', file), 'utf8')) as { panels: Panel[] };
    const queries = panelsOf(dashboard.panels).flatMap((panel) => (panel.targets ?? []).map((t) => ({ panel: panel.title, expr: t.expr })));
    expect(queries.length).toBeGreaterThan(0);
    for (const { panel, expr } of queries) {
      const names = metricNamesIn(expr);
      expect({ panel, expr, names: names.length > 0 }).toEqual({ panel, expr, names: true });
      for (const name of names) expect({ panel, name, exported: exported.has(name) }).toEqual({ panel, name, exported: true });
    }
  });

  it('Prometheus scrapes every app service of the compose file on its METRICS_PORT, by DNS so replicas are followed', () => {
    const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
      services: Record<string, { command?: string[]; environment?: Record<string, string> }>;
    };
    const apps = Object.entries(compose.services).filter(([, s]) => /^node apps\/[\w-]+\/dist\/main\.js$/.test((s.command ?? []).join(' ')));
    const config = parse(readFileSync(join(ROOT, 'docker/prometheus/prometheus.yml'), 'utf8')) as {
      scrape_configs: { job_name: string; dns_sd_configs?: { names: string[]; type: string; port: number }[] }[];
    };
    const scraped = config.scrape_configs.map((job) => [job.job_name, job.dns_sd_configs?.[0]?.names, job.dns_sd_configs?.[0]?.type, job.dns_sd_configs?.[0]?.port]);
    expect(scraped.sort()).toEqual(apps.map(([name, s]) => [name, [name], 'A', Number(s.environment?.METRICS_PORT)]).sort());
  });
});
