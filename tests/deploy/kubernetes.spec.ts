import 'reflect-metadata';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BaseEnv, loadEnv, redisOptions } from '@app/server';
import { parse, parseAllDocuments } from 'yaml';
import webpush from 'web-push';
import { oidcProvidersOf } from '@app/auth-svc/src/oidc/oidc-providers';

/**
 * The Kubernetes manifests in deploy/k8s, rendered as kustomize would (its resources, under its
 * namespace) and checked against what the system needs and against docker-compose.yml, the
 * configuration that is run for real: every app present with the same image, command and
 * variables, probes and resource requests everywhere, the scaled parts autoscaled, NATS a
 * three-node cluster, Redis a primary and replica behind three Sentinels, PostgreSQL and S3
 * outside, and a TURN server.
 */
const ROOT = join(__dirname, '../..');
const K8S = join(ROOT, 'deploy/k8s');

type Env = { name: string; value?: string; valueFrom?: { configMapKeyRef?: { key: string }; secretKeyRef?: { key: string } } };
interface Container {
  name: string;
  image: string;
  command?: string[];
  args?: string[];
  env?: Env[];
  envFrom?: { secretRef?: { name: string; optional?: boolean }; configMapRef?: { name: string; optional?: boolean } }[];
  ports?: { name?: string; containerPort: number }[];
  readinessProbe?: unknown;
  livenessProbe?: unknown;
  resources?: { requests?: { cpu?: string; memory?: string }; limits?: { memory?: string } };
}
interface PodTemplate {
  metadata: { labels: Record<string, string> };
  spec: { containers: Container[] };
}
interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string };
  spec?: Record<string, unknown> & { template?: PodTemplate; replicas?: number; selector?: Record<string, string> };
  data?: Record<string, string>;
}

function render(): Resource[] {
  const kustomization = parse(readFileSync(join(K8S, 'kustomization.yaml'), 'utf8')) as { namespace: string; resources: string[] };
  return kustomization.resources.flatMap((file) =>
    parseAllDocuments(readFileSync(join(K8S, file), 'utf8')).map((doc) => {
      expect({ file, errors: doc.errors.map(String) }).toEqual({ file, errors: [] });
      const resource = doc.toJS() as Resource;
      if (resource.kind !== 'Namespace') resource.metadata.namespace = kustomization.namespace;
      return resource;
    }),
  );
}

const resources = render();
const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, { image?: string; command?: string[] | string; environment?: Record<string, unknown>; build?: unknown }>;
};

const find = (kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name);
const workloads = resources.filter((r) => ['Deployment', 'StatefulSet', 'Job'].includes(r.kind));
const podTemplate = (r: Resource) => r.spec?.template as PodTemplate;
const config = find('ConfigMap', 'chatmarket-config')?.data ?? {};
/** A real key pair stands in for the VAPID keys: chat-svc checks their shape when it starts. */
const vapidExample = webpush.generateVAPIDKeys();
const STAND_IN: Record<string, string> = { VAPID_PUBLIC_KEY: vapidExample.publicKey, VAPID_PRIVATE_KEY: vapidExample.privateKey };
/** The Secret's keys, with a stand-in value each (a real one is never committed). */
const secretExample = Object.fromEntries(
  readFileSync(join(K8S, 'secrets.example.env'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => {
      const [key, ...rest] = line.split('=');
      const value = rest.join('=').replace(/<[^>]+>/g, 'k8s-example-0123456789abcdef');
      return [key, value || STAND_IN[key] || 'k8s-example-0123456789abcdef'];
    }),
);

/** A container's variables as the pod sees them, with the ConfigMap's values and the Secret's stand-ins. */
function resolvedEnv(container: Container): Record<string, string> {
  return Object.fromEntries(
    (container.env ?? []).map((env) => {
      const configKey = env.valueFrom?.configMapKeyRef?.key;
      const secretKey = env.valueFrom?.secretKeyRef?.key;
      const value = configKey ? config[configKey] : secretKey ? secretExample[secretKey] : env.value;
      return [env.name, String(value)];
    }),
  );
}

const APPS = readdirSync(join(ROOT, 'apps')).filter((app) => existsSync(join(ROOT, 'apps', app, 'src/config')) && existsSync(join(ROOT, 'apps', app, 'src/main.ts')));

type EnvClass = new () => BaseEnv;
function serviceEnvClass(app: string): EnvClass {
  const dir = join(ROOT, 'apps', app, 'src/config');
  const file = readdirSync(dir).find((f) => f.endsWith('-env.ts'));
  // Found at run time, so loaded with require rather than a static import.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const exports = require(join(dir, file!)) as Record<string, unknown>;
  return Object.values(exports).find(
    (value): value is EnvClass => typeof value === 'function' && value.prototype instanceof BaseEnv && !value.name.endsWith('SeedEnv'),
  )!;
}

/** The optional Secret whose every key auth-svc takes as its environment: the sign-in providers. */
const OIDC_SECRET = 'chatmarket-oidc';
/** Its example's keys, a stand-in for each value left for the operator. */
const oidcExample = Object.fromEntries(
  readFileSync(join(K8S, 'oidc.example.env'), 'utf8')
    .split('\n')
    .filter((line) => /^[A-Z0-9_]+=/.test(line))
    .map((line) => {
      const [key, ...rest] = line.split('=');
      return [key, rest.join('=') || 'k8s-example-0123456789abcdef'];
    }),
);

describe('Kubernetes manifests', () => {
  it('render: every document parses and every resource lands in the namespace', () => {
    expect(resources.length).toBeGreaterThan(20);
    expect(find('Namespace', 'chatmarket')).toBeDefined();
    for (const r of resources.filter((r) => r.kind !== 'Namespace')) expect(r.metadata.namespace).toBe('chatmarket');
  });

  it.each(APPS)('runs %s as compose does: the same image, command and variables, valid for its env class', (app) => {
    const deployment = find('Deployment', app);
    expect(deployment).toBeDefined();
    const [container] = podTemplate(deployment!).spec.containers;
    const service = compose.services[app];
    expect(container.image).toBe(service.image);
    expect(container.command).toEqual(service.command);
    const names = (container.env ?? []).map((env) => env.name);
    // Compose's secrets may come from files there; the variable each file stands for is what counts.
    // Sign-in providers come whole from the optional chatmarket-oidc Secret here (checked below).
    const providersFromSecret = (container.envFrom ?? []).some((from) => from.secretRef?.name === OIDC_SECRET);
    const composeNames = Object.keys(service.environment ?? {})
      .map((name) => name.replace(/_FILE$/, ''))
      .filter((name) => !(providersFromSecret && name.startsWith('OIDC_')));
    expect(names).toEqual(expect.arrayContaining(composeNames));
    // NODE_ENV is Node's own; everything else must be a setting the app reads.
    const known = ['NODE_ENV', ...Object.keys(new (serviceEnvClass(app))())];
    for (const name of names) expect({ name, known: known.includes(name) }).toEqual({ name, known: true });
    expect(() => loadEnv(serviceEnvClass(app), resolvedEnv(container))).not.toThrow();
  });

  it('passes the sign-in providers to auth-svc from an optional Secret, none without it, and runs no stand-in provider', () => {
    const [auth] = podTemplate(find('Deployment', 'auth-svc')!).spec.containers;
    expect(auth.envFrom).toEqual([{ secretRef: { name: OIDC_SECRET, optional: true } }]);
    // auth-svc alone reads it.
    for (const workload of workloads.filter((w) => w.metadata.name !== 'auth-svc')) {
      for (const container of podTemplate(workload).spec.containers) expect({ where: workload.metadata.name, envFrom: container.envFrom }).toEqual({ where: workload.metadata.name, envFrom: undefined });
    }
    // Without the Secret: valid, and no provider.
    const AuthEnv = serviceEnvClass('auth-svc');
    expect(oidcProvidersOf(loadEnv(AuthEnv, resolvedEnv(auth)))).toEqual([]);
    // With the example's keys (every one an OIDC_* variable): Google, over https.
    expect(Object.keys(oidcExample).every((key) => key.startsWith('OIDC_'))).toBe(true);
    const providers = oidcProvidersOf(loadEnv(AuthEnv, { ...resolvedEnv(auth), ...oidcExample }));
    expect(providers.map(({ id, name, issuer, allowHttp }) => ({ id, name, issuer: issuer.href, allowHttp }))).toEqual([
      { id: 'google', name: 'Google', issuer: 'https://accounts.google.com/', allowHttp: false },
    ]);
    // Compose's development stand-in has no place here.
    const standInImage = compose.services.oidc?.image;
    expect(standInImage).toBeDefined();
    for (const workload of workloads) {
      for (const container of podTemplate(workload).spec.containers) {
        expect({ where: workload.metadata.name, image: container.image }).not.toEqual({ where: workload.metadata.name, image: standInImage });
        expect(JSON.stringify(container)).not.toMatch(/stand-in-provider|oidc\.localhost/);
      }
    }
    expect(JSON.stringify(resources)).not.toMatch(/oidc\.localhost/);
  });

  it('gives every long-running container readiness and liveness probes, and every container resource requests and a memory limit', () => {
    for (const workload of workloads) {
      for (const container of podTemplate(workload).spec.containers) {
        const where = `${workload.kind}/${workload.metadata.name}`;
        if (workload.kind !== 'Job') {
          expect({ where, readiness: Boolean(container.readinessProbe), liveness: Boolean(container.livenessProbe) }).toEqual({ where, readiness: true, liveness: true });
        }
        expect({ where, cpu: Boolean(container.resources?.requests?.cpu), memory: Boolean(container.resources?.requests?.memory), limit: Boolean(container.resources?.limits?.memory) }).toEqual({
          where,
          cpu: true,
          memory: true,
          limit: true,
        });
      }
    }
  });

  it('reads only ConfigMap keys and Secret keys that exist', () => {
    for (const workload of workloads) {
      for (const env of podTemplate(workload).spec.containers.flatMap((c) => c.env ?? [])) {
        const configKey = env.valueFrom?.configMapKeyRef?.key;
        const secretKey = env.valueFrom?.secretKeyRef?.key;
        if (configKey) expect({ configKey, present: configKey in config }).toEqual({ configKey, present: true });
        if (secretKey) expect({ secretKey, present: secretKey in secretExample }).toEqual({ secretKey, present: true });
      }
    }
  });

  it('autoscales the gateway and chat-svc, keeping at least two of each', () => {
    for (const name of ['gateway', 'chat-svc']) {
      const hpa = find('HorizontalPodAutoscaler', name);
      const spec = hpa?.spec as { scaleTargetRef: { kind: string; name: string }; minReplicas: number; maxReplicas: number };
      expect(spec.scaleTargetRef).toMatchObject({ kind: 'Deployment', name });
      expect(find('Deployment', name)).toBeDefined();
      expect(spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(spec.maxReplicas).toBeGreaterThan(spec.minReplicas);
      expect(find('PodDisruptionBudget', name)).toBeDefined();
    }
  });

  it('runs NATS as a three-node cluster with credentials', () => {
    const nats = find('StatefulSet', 'nats')!;
    expect(nats.spec?.replicas).toBe(3);
    const natsConf = find('ConfigMap', 'nats-config')?.data?.['nats.conf'] ?? '';
    const headless = (nats.spec as { serviceName: string }).serviceName;
    // Every node routes to the three, with the route password the cluster asks of a node that joins.
    const env = podTemplate(nats).spec.containers[0].env ?? [];
    const route = (i: number) => env.find((e) => e.name === `NATS_ROUTE_${i}`)?.value;
    for (const i of [0, 1, 2]) {
      expect(route(i)).toBe(`nats://route:$(NATS_ROUTE_PASSWORD)@nats-${i}.${headless}:6222`);
      expect(natsConf).toContain(`$NATS_ROUTE_${i}`);
    }
    expect(env.find((e) => e.name === 'NATS_ROUTE_PASSWORD')?.valueFrom?.secretKeyRef?.key).toBe('NATS_ROUTE_PASSWORD');
    expect(natsConf).toMatch(/authorization\s*{[^}]*password: \$NATS_PASSWORD/);
    expect(natsConf).toMatch(/cluster\s*{[^]*authorization\s*{[^}]*password: \$NATS_ROUTE_PASSWORD/);
    expect(podTemplate(nats).spec.containers[0].image).toBe(compose.services.nats.image);
  });

  it('runs Redis as a primary and a replica with three Sentinels, the apps asking the Sentinels', () => {
    const redis = find('StatefulSet', 'redis')!;
    const sentinels = find('StatefulSet', 'redis-sentinel')!;
    expect(redis.spec?.replicas).toBeGreaterThanOrEqual(2);
    expect(sentinels.spec?.replicas).toBe(3);
    const scripts = find('ConfigMap', 'redis-scripts')?.data ?? {};
    for (const set of [redis, sentinels]) {
      const [container] = podTemplate(set).spec.containers;
      expect(container.image).toBe(compose.services.redis.image);
      expect(scripts[container.args![1].replace('/scripts/', '')]).toBeDefined();
    }
    // Each node persists, signs in to the primary as a replica, and is known by its stable name.
    expect(scripts['redis.sh']).toContain('--appendonly yes');
    expect(scripts['redis.sh']).toMatch(/--requirepass "\$REDIS_PASSWORD" --masterauth "\$REDIS_PASSWORD" --replica-announce-ip "\$me"/);
    expect(scripts['redis.sh']).toContain('--replicaof "$primary" 6379');
    // The Sentinels know each other by name, call a primary down after 3 s, two of three agreeing.
    for (const setting of [
      'sentinel resolve-hostnames yes',
      'sentinel announce-hostnames yes',
      'sentinel down-after-milliseconds chatmarket 3000',
      'sentinel failover-timeout chatmarket 10000',
    ]) {
      expect(scripts['sentinel.sh']).toContain(setting);
    }
    expect(scripts['sentinel.sh']).toMatch(/sentinel monitor chatmarket \$primary 6379 2\n/);
    expect(scripts['sentinel.sh']).toContain('sentinel auth-pass chatmarket $REDIS_PASSWORD');
    expect(scripts['sentinel.sh']).toContain('requirepass $REDIS_PASSWORD');
    // The apps are given every Sentinel by its pod's name under the Sentinels' Service.
    const options = redisOptions(secretExample.REDIS_URL);
    expect(options.name).toBe('chatmarket');
    expect(options.sentinels?.map((s) => `${(s as { host: string }).host}:${(s as { port: number }).port}`)).toEqual(
      [0, 1, 2].map((i) => `redis-sentinel-${i}.${(sentinels.spec as { serviceName: string }).serviceName}:26379`),
    );
    expect(find('Service', (sentinels.spec as { serviceName: string }).serviceName)).toBeDefined();
    expect(find('Service', (redis.spec as { serviceName: string }).serviceName)).toBeDefined();
  });

  it('keeps PostgreSQL and S3 outside the cluster, behind names the apps use', () => {
    for (const name of ['postgres', 's3']) expect(find('Service', name)?.spec).toMatchObject({ type: 'ExternalName' });
    const images = workloads.flatMap((w) => podTemplate(w).spec.containers.map((c) => c.image));
    expect(images.filter((image) => /postgres|minio/.test(image))).toEqual([]);
    expect(secretExample.AUTH_DATABASE_URL).toMatch(/@postgres:5432\//);
    expect(config.S3_ENDPOINT).toMatch(/^s3\./);
  });

  it('runs a TURN server checking the credentials the gateway hands out with the same secret', () => {
    const turn = find('Deployment', 'turn')!;
    const [container] = podTemplate(turn).spec.containers;
    expect(container.args).toEqual(expect.arrayContaining(['--use-auth-secret', '--static-auth-secret=$(TURN_SECRET)']));
    const gateway = podTemplate(find('Deployment', 'gateway')!).spec.containers[0];
    const secretOf = (c: Container, name: string) => c.env?.find((env) => env.name === name)?.valueFrom?.secretKeyRef?.key;
    expect(secretOf(container, 'TURN_SECRET')).toBe(secretOf(gateway, 'TURN_SECRET'));
    expect(resolvedEnv(gateway).TURN_URLS).toMatch(/^turn:/);
  });

  it('sends each Service to pods that exist, on ports they open, and names only Services that exist in the apps’ URLs', () => {
    const templates = workloads.map(podTemplate);
    for (const service of resources.filter((r) => r.kind === 'Service' && (r.spec as { type?: string }).type !== 'ExternalName')) {
      const selector = service.spec?.selector as Record<string, string>;
      const pods = templates.filter((t) => Object.entries(selector).every(([k, v]) => t.metadata.labels[k] === v));
      expect({ service: service.metadata.name, pods: pods.length > 0 }).toEqual({ service: service.metadata.name, pods: true });
      for (const port of (service.spec as { ports: { targetPort?: string | number }[] }).ports) {
        if (typeof port.targetPort !== 'string') continue;
        const opens = pods.every((t) => t.spec.containers.some((c) => c.ports?.some((p) => p.name === port.targetPort)));
        expect({ service: service.metadata.name, port: port.targetPort, opens }).toEqual({ service: service.metadata.name, port: port.targetPort, opens: true });
      }
    }
    const serviceNames = resources.filter((r) => r.kind === 'Service').map((r) => r.metadata.name);
    for (const url of [secretExample.NATS_URL, config.MEDIA_SVC_URL]) {
      expect(serviceNames).toContain(new URL(url).hostname);
    }
    // A Sentinel by its pod's name: <pod>.<Service>.
    for (const sentinel of redisOptions(secretExample.REDIS_URL).sentinels ?? []) {
      expect(serviceNames).toContain((sentinel as { host: string }).host.split('.')[1]);
    }
  });
});
