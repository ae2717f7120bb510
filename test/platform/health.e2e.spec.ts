import { expect } from 'chai';
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
    expect(response.json()).to.deep.equal({ status: 'pass', bridge: 'test-bridge', checks: { eventLog: 'pass', readModels: 'pass' } });
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
});
