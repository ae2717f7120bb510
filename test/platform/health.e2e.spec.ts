import { Router } from 'express';
import { expect } from 'chai';
import type { ServiceModule } from '../../src/platform/service-module';
import { createServiceModules } from '../../src/services';
import { eventually } from '../notification/notification-test-kit';
import { TestPlatform } from '../support/test-platform';

describe('GET /api/v1/health (e2e over TLS)', () => {
  let platform: TestPlatform;

  before(async () => {
    platform = await TestPlatform.start();
  });
  after(() => platform.stop());

  it('answers 200 with every check passed, to a probe without a client certificate', async () => {
    const response = await platform.anonymous().get('/api/v1/health');
    expect(response.status).to.equal(200);
    expect(response.headers['cache-control']).to.equal('no-store');
    expect(response.json()).to.deep.equal({ status: 'pass', bridge: 'test-bridge', checks: { eventLog: 'pass', readModels: 'pass', projections: 'pass' } });
  });

  it('answers the same to a registered client', async () => {
    const response = await platform.client('demo-producer').get('/api/v1/health');
    expect(response.status).to.equal(200);
    expect(response.json().status).to.equal('pass');
  });

  it('is a GET only: another method is a 404 with problem details', async () => {
    const response = await platform.client('demo-producer').post('/api/v1/health', { body: {} });
    expect(response.status).to.equal(404);
    expect(response.headers['content-type']).to.match(/^application\/problem\+json/);
  });

  describe('a projection that cannot apply an event', () => {
    /** a service whose projection throws on its events of type `test.unappliable.v1` */
    const failing: ServiceModule = {
      name: 'failing',
      pathPrefixes: ['/failing'],
      routes: () => Router(),
      projections: [
        {
          name: 'failing-projection',
          streamPrefix: 'failing-',
          eventTypes: ['test.unappliable.v1'],
          collections: ['failing_documents'],
          apply: async () => {
            throw new Error('this projection cannot apply the event');
          },
        },
      ],
    };
    let withFailing: TestPlatform;
    before(async () => {
      withFailing = await TestPlatform.start({ services: [...createServiceModules(), failing] });
    });
    after(() => withFailing.stop());

    it('makes the answer warn, still 200 (every bridge would fail alike), and the metrics say which and for how long', async () => {
      const event = { specversion: '1.0' as const, id: 'unappliable-1', source: 'urn:test', type: 'test.unappliable.v1', time: new Date().toISOString() };
      await withFailing.platform.stores.events.append('failing-1', [{ producer: 'failing', event }]);
      const health = await eventually(
        () => withFailing.anonymous().get('/api/v1/health'),
        (response) => response.json().status !== 'pass',
        'the health check to see the failing projection',
      );
      expect(health.status).to.equal(200);
      expect(health.json()).to.deep.equal({ status: 'warn', bridge: 'test-bridge', checks: { eventLog: 'pass', readModels: 'pass', projections: 'warn' } });
      const metrics = await withFailing.client('demo-operator').get('/api/v1/metrics');
      expect(metrics.text).to.match(/^egov_projection_stalled_seconds\{projection="failing-projection"\} \d+$/m);
      expect(metrics.text).to.not.match(/^egov_projection_stalled_seconds\{projection="notification/m);
    });
  });
});
